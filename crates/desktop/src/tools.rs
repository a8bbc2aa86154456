//! The rules tools: `chek moves` and `chek perft`.

use chek_rules::Position;

/// Parses a position, or says in one line what is wrong with it.
pub fn parse_position(text: &str) -> Result<Position, String> {
    text.parse().map_err(|e| format!("{e}"))
}

/// The legal actions of `position` in the notation, sorted by byte order.
pub fn sorted_actions(position: &Position) -> Vec<String> {
    let mut actions: Vec<String> = position.legal_actions().iter().map(|a| a.to_string()).collect();
    actions.sort();
    actions
}

/// `chek moves "<position>"`.
pub fn moves(position: &str) -> Result<(), String> {
    for action in sorted_actions(&parse_position(position)?) {
        println!("{action}");
    }
    Ok(())
}

/// `chek perft "<position>" <depth>`.
pub fn perft(position: &str, depth: &str) -> Result<(), String> {
    let position = parse_position(position)?;
    let depth: u32 = match depth.parse() {
        Ok(d) if depth.bytes().all(|b| b.is_ascii_digit()) => d,
        _ => return Err(format!("depth: expected a whole number 0 or more, found {depth:?}")),
    };
    println!("{}", chek_rules::perft(&position, depth));
    Ok(())
}

/// `chek code encode "<position>"`: the share code, in groups of four.
pub fn code_encode(position: &str) -> Result<(), String> {
    let code = parse_position(position)?.share_code().map_err(|e| e.to_string())?;
    println!("{}", chek_rules::grouped(&code));
    Ok(())
}

/// `chek code decode <CODE>`: the position, in the rules' notation.
pub fn code_decode(code: &str) -> Result<(), String> {
    println!("{}", Position::from_share_code(code).map_err(|e| e.to_string())?);
    Ok(())
}
