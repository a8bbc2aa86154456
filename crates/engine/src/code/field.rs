//! The tables of a binary Galois field GF(2^m), for the check characters of this
//! version (GF(1024)) and of the first release (GF(32)).

/// The exponent and logarithm tables of GF(`Q`) (`Q` = 2^m) built from the primitive
/// polynomial `poly` (its x^m bit included): `exp[i]` is x^i, written twice round
/// (`E` = 2(Q − 1)) so that a sum of two logarithms needs no reduction, and
/// `log[exp[i]]` is i. Computed at compile time.
pub(crate) const fn tables<const Q: usize, const E: usize>(poly: u32) -> ([u16; E], [u16; Q]) {
    let order = Q - 1;
    let mut exp = [0u16; E];
    let mut log = [0u16; Q];
    let mut x: u32 = 1;
    let mut i = 0;
    while i < order {
        exp[i] = x as u16;
        exp[i + order] = x as u16;
        log[x as usize] = i as u16;
        x <<= 1;
        if x & Q as u32 != 0 {
            x ^= poly;
        }
        i += 1;
    }
    (exp, log)
}
