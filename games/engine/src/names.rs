//! Seats in text: one name per player, rendered by whoever reads.
//!
//! An engine is pure and never knows who sits where (names change, a bot
//! stands in, a replay is read by someone else), so log lines, prompt titles
//! and labels and outcome summaries never say "Seat 2". They carry a
//! *seat token* that the server or the client replaces with the name in
//! force, and with "you" for the reader's own seat.
//!
//! # Token grammar
//!
//! ```text
//! token  = "{seat:" N [ "(" role ")" ] [ "|" third "|" second ] "}"
//! ```
//!
//! * `N` is the 0-based seat number (`{seat:0}` is the first seat);
//! * `role` (optional, no `(`, `)`, `|`, `{`, `}`) is the seat's part in the
//!   game, shown after the name for other readers: `{seat:1(Magneto)}` reads
//!   "Jean (Magneto)"; the reader's own seat reads "you" without it;
//! * `third` / `second` (optional, together) make a verb agree with the
//!   subject: `{seat:2|has|have}` reads "Jean has" for others and "you have"
//!   for seat 2 itself.
//!
//! "you" is written "You" at the start of the text or of a sentence (after
//! `.`, `!` or `?` and a space). Anything that is not a well-formed token is
//! left as it is. Tokens are public seat numbers, so they leak nothing.
//!
//! [`plural`] writes counts the way the rulebooks do ("1 card", "2 cards").

use crate::Seat;
use std::fmt;

/// A seat as it appears in text; its `Display` is the token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRef<'a> {
    seat: Seat,
    role: Option<&'a str>,
    verb: Option<(&'a str, &'a str)>,
}

impl<'a> SeatRef<'a> {
    /// The seat alone: `{seat:N}`.
    pub fn new(seat: Seat) -> Self {
        SeatRef { seat, role: None, verb: None }
    }

    /// With the seat's role in the game, shown to other readers.
    pub fn role(mut self, role: &'a str) -> Self {
        debug_assert!(!role.contains(['(', ')', '|', '{', '}']), "a role cannot hold token syntax");
        self.role = Some(role);
        self
    }

    /// With a verb agreeing with the seat: `third` for others ("has"),
    /// `second` for the reader ("have").
    pub fn verb(mut self, third: &'a str, second: &'a str) -> Self {
        debug_assert!(!format!("{third}{second}").contains(['|', '{', '}']), "a verb cannot hold token syntax");
        self.verb = Some((third, second));
        self
    }

    /// The token as a string, made in one allocation (log lines name seats
    /// many times per action, and prompts try actions on copies).
    pub fn token(&self) -> String {
        let (third, second) = self.verb.unwrap_or(("", ""));
        let mut s = String::with_capacity(12 + self.role.map_or(0, str::len) + third.len() + second.len());
        s.push_str("{seat:");
        if self.seat >= 100 {
            s.push(char::from(b'0' + self.seat / 100));
        }
        if self.seat >= 10 {
            s.push(char::from(b'0' + self.seat / 10 % 10));
        }
        s.push(char::from(b'0' + self.seat % 10));
        if let Some(r) = self.role {
            s.push('(');
            s.push_str(r);
            s.push(')');
        }
        if self.verb.is_some() {
            s.push('|');
            s.push_str(third);
            s.push('|');
            s.push_str(second);
        }
        s.push('}');
        s
    }
}

impl fmt::Display for SeatRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{seat:{}", self.seat)?;
        if let Some(r) = self.role {
            write!(f, "({r})")?;
        }
        if let Some((third, second)) = self.verb {
            write!(f, "|{third}|{second}")?;
        }
        f.write_str("}")
    }
}

/// `{seat:N}`: the seat's name for others, "you" for itself.
pub fn seat_ref(seat: Seat) -> String {
    SeatRef::new(seat).token()
}

/// `{seat:N|third|second}`: the seat and a verb agreeing with it ("Jean
/// has", "you have").
pub fn seat_verb(seat: Seat, third: &str, second: &str) -> String {
    SeatRef::new(seat).verb(third, second).token()
}

/// "1 card", "2 cards", "0 cards".
pub fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A list as English writes it: "a", "a and b", "a, b and c".
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let head: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", head.join(", "), last.as_ref())
        }
    }
}

/// One token, parsed.
struct Token<'t> {
    seat: usize,
    role: Option<&'t str>,
    verb: Option<(&'t str, &'t str)>,
}

/// Parses the token that starts `s` (just after its `{`), returning it and
/// the length consumed including the closing `}`.
fn parse(s: &str) -> Option<(Token<'_>, usize)> {
    let body_end = s.find('}')?;
    let body = s[..body_end].strip_prefix("seat:")?;
    if body.contains('{') {
        return None;
    }
    let (head, verb) = match body.split_once('|') {
        Some((head, rest)) => {
            let (third, second) = rest.split_once('|')?;
            if second.contains('|') {
                return None;
            }
            (head, Some((third, second)))
        }
        None => (body, None),
    };
    let (num, role) = match head.split_once('(') {
        Some((num, rest)) => (num, Some(rest.strip_suffix(')')?)),
        None => (head, None),
    };
    if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) || num.len() > 3 {
        return None;
    }
    Some((Token { seat: num.parse().ok()?, role, verb }, body_end + 1))
}

/// True when `out` so far ends where a sentence starts.
fn sentence_start(out: &str) -> bool {
    let t = out.trim_end();
    t.is_empty() || (t.len() < out.len() && t.ends_with(['.', '!', '?']))
}

/// Replaces every seat token in `text` with `names[seat]` (or "Seat N+1"
/// when the name is unknown) and the reader's own seat with "you".
pub fn render_names(text: &str, names: &[String], reader: Option<Seat>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        match parse(&rest[1..]) {
            Some((t, used)) => {
                let mine = reader.is_some_and(|r| r as usize == t.seat);
                if mine {
                    out.push_str(if sentence_start(&out) { "You" } else { "you" });
                } else {
                    match names.get(t.seat) {
                        Some(n) if !n.is_empty() => out.push_str(n),
                        _ => out.push_str(&format!("Seat {}", t.seat + 1)),
                    }
                    if let Some(r) = t.role {
                        out.push_str(&format!(" ({r})"));
                    }
                }
                if let Some((third, second)) = t.verb {
                    out.push(' ');
                    out.push_str(if mine { second } else { third });
                }
                rest = &rest[1 + used..];
            }
            None => {
                out.push('{');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["Ana".into(), "Bas".into(), "Jean".into()]
    }

    #[test]
    fn a_token_string_is_its_display() {
        for seat in [0, 7, 12, 120] {
            for r in [
                SeatRef::new(seat),
                SeatRef::new(seat).role("Mafia"),
                SeatRef::new(seat).role("Mafia").verb("has", "have"),
            ] {
                assert_eq!(r.token(), r.to_string());
            }
        }
    }

    #[test]
    fn tokens_render_names_and_you() {
        let t = format!("{} won; Hope from {}.", seat_verb(2, "has", "have"), seat_ref(0));
        assert_eq!(t, "{seat:2|has|have} won; Hope from {seat:0}.");
        assert_eq!(render_names(&t, &names(), None), "Jean has won; Hope from Ana.");
        assert_eq!(render_names(&t, &names(), Some(2)), "You have won; Hope from Ana.");
        assert_eq!(render_names(&t, &names(), Some(0)), "Jean has won; Hope from you.");
    }

    #[test]
    fn roles_show_to_others_only() {
        let t = format!(
            "Trade: {} 2 Hope. {} it.",
            SeatRef::new(1).role("Magneto").verb("gives", "give"),
            SeatRef::new(1).role("Magneto").verb("takes", "take")
        );
        assert_eq!(render_names(&t, &names(), Some(0)), "Trade: Bas (Magneto) gives 2 Hope. Bas (Magneto) takes it.");
        assert_eq!(render_names(&t, &names(), Some(1)), "Trade: you give 2 Hope. You take it.");
    }

    #[test]
    fn unknown_names_and_malformed_tokens() {
        assert_eq!(render_names("{seat:7} bids.", &names(), None), "Seat 8 bids.");
        for odd in ["{seat:x}", "{seat:1", "{seat:1|a}", "{seat:1(Storm}", "{cards}", "{}", "{seat:1|a|b|c}"] {
            assert_eq!(render_names(odd, &names(), Some(1)), odd);
        }
        assert_eq!(render_names("{{seat:1}}", &names(), None), "{Bas}");
    }

    #[test]
    fn counts_and_lists() {
        assert_eq!(plural(1u8, "card", "cards"), "1 card");
        assert_eq!(plural(0u8, "card", "cards"), "0 cards");
        assert_eq!(plural(2u32, "Hope", "Hope"), "2 Hope");
        assert_eq!(and_list(&["a"]), "a");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
        assert_eq!(and_list::<&str>(&[]), "");
    }
}
