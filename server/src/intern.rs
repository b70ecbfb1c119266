//! One shared copy of each log line that many matches write.
//!
//! Every live table keeps the recent lines of its log (the window a new tab
//! or a reconnecting client reads), and most lines recur from match to
//! match: "Seat 2 has locked a bid.", "You locked your dial at 7.". With a
//! thousand tables those copies were a sixth of the server's heap; here a
//! line is stored once and each table holds a reference to it.
//!
//! Lines no table holds any more are swept out whenever the set has doubled
//! since the last sweep, so the set stays within twice what the tables use.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, OnceLock};

/// Fewest lines kept before the first sweep.
const FIRST_SWEEP: usize = 4096;

struct Lines {
    set: HashSet<Arc<str>>,
    sweep_at: usize,
}

fn lines() -> &'static Mutex<Lines> {
    static LINES: OnceLock<Mutex<Lines>> = OnceLock::new();
    LINES.get_or_init(|| Mutex::new(Lines { set: HashSet::new(), sweep_at: FIRST_SWEEP }))
}

/// The shared copy of `text`.
pub fn share(text: String) -> Arc<str> {
    let Ok(mut lines) = lines().lock() else { return text.into() };
    if let Some(shared) = lines.set.get(text.as_str()) {
        return shared.clone();
    }
    let shared: Arc<str> = text.into();
    lines.set.insert(shared.clone());
    if lines.set.len() >= lines.sweep_at {
        lines.set.retain(|l| Arc::strong_count(l) > 1);
        lines.sweep_at = (lines.set.len() * 2).max(FIRST_SWEEP);
    }
    shared
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_line_is_stored_once_and_unused_lines_are_swept() {
        let a = share("Seat 2 has locked a bid.".to_string());
        let b = share("Seat 2 has locked a bid.".to_string());
        assert!(Arc::ptr_eq(&a, &b));
        // Lines nobody holds go at the next sweep; held ones stay shared.
        for i in 0..FIRST_SWEEP * 2 {
            drop(share(format!("a line used once ({i})")));
        }
        let held = lines().lock().unwrap().set.len();
        assert!(held < FIRST_SWEEP * 2, "unused lines were swept ({held} kept)");
        let c = share("Seat 2 has locked a bid.".to_string());
        assert!(Arc::ptr_eq(&a, &c));
    }
}
