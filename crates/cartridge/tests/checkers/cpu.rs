//! Checkers' CPU: the levels decide, the baselines follow their definitions.
