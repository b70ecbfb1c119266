//! A seed nobody picks: the match seed is derived from the server's secret,
//! committed to at lobby creation, and every seat's contribution, made by
//! the seated person's browser before the start.
//!
//! The server publishes `SHA-256(server secret)` (the commitment) from the
//! lobby's creation on, so it cannot change its secret once it has seen the
//! contributions; a contribution is never shown to anyone before the start,
//! so no player can choose theirs to cancel another's. At the end the
//! secret, every contribution and the seed are revealed, and anyone can
//! redo [`derive_seed`]: `backroom verify` does, and so does the web
//! client's fairness panel (`web-client/screens/table/end.js`).
//!
//! Everything here is pure: no I/O, no clock, no randomness.

use sha2::{Digest, Sha256};

/// What the derivation starts with, so that its hash is never the hash of
/// anything else Backroom computes.
pub const DOMAIN: &[u8] = b"backroom-seed-v1";

/// The match seed from the server's secret and each seat's contribution, in
/// seat order (a seat whose browser never contributed, and a bot's seat,
/// contribute the empty string):
///
/// ```text
/// seed = SHA-256( "backroom-seed-v1"
///               || u32be(len(server_secret)) || server_secret
///               || for each seat 0, 1, ...: u32be(len(c_i)) || c_i )
/// ```
///
/// Every part is length-prefixed, so no two lists of contributions encode
/// alike (`["ab", "c"]` and `["a", "bc"]` give different seeds).
pub fn derive_seed(server_secret: &[u8], contributions: &[Vec<u8>]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(DOMAIN);
    for part in std::iter::once(server_secret).chain(contributions.iter().map(Vec::as_slice)) {
        h.update((part.len() as u32).to_be_bytes());
        h.update(part);
    }
    h.finalize().into()
}

/// The contributions in seat order as stored at the start and revealed at
/// the end: a JSON list of lowercase hex strings.
pub fn contributions_json(contributions: &[Vec<u8>]) -> String {
    let hex: Vec<String> = contributions.iter().map(|c| crate::secret::hex(c)).collect();
    serde_json::Value::from(hex).to_string()
}

/// The hex strings of [`contributions_json`], for the lobby's status.
pub fn contributions_hex(json: &str) -> Option<Vec<String>> {
    serde_json::from_str(json).ok()
}

/// Reads [`contributions_json`] back into bytes.
pub fn parse_contributions(json: &str) -> Result<Vec<Vec<u8>>, String> {
    let hex = contributions_hex(json).ok_or("the stored contributions are not a list of hex strings")?;
    hex.iter().map(|h| unhex(h).ok_or_else(|| format!("the stored contribution {h:?} is not hex"))).collect()
}

/// Bytes from hex (either case); `None` if it is not hex.
pub fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| s.get(i..i + 2).and_then(|b| u8::from_str_radix(b, 16).ok())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secret::hex;

    /// Known vectors, computed independently (Python's `hashlib` over the
    /// encoding the doc comment gives); the web client's check in
    /// `end.js` computes the same.
    #[test]
    fn known_vectors() {
        assert_eq!(
            hex(&derive_seed(&[0; 32], &[])),
            "bfbaf1976eaa7f24b0264ec60e29824c9b553a6ef8a276ebb8685258b20cd66a"
        );
        let counting: Vec<u8> = (0..32).collect();
        assert_eq!(
            hex(&derive_seed(&counting, &[vec![], vec![0xff; 32]])),
            "dc0f3c765c016999c38ec6b79c377f597322204ac1dfc6c74cbcb5d4055103a3"
        );
        assert_eq!(
            hex(&derive_seed(&[1; 32], &[b"ab".to_vec(), b"c".to_vec()])),
            "56cba456486a7a039db7745d994b7ae6a36492674103b0ec5e5f991517202e72"
        );
        assert_eq!(
            hex(&derive_seed(&[1; 32], &[b"a".to_vec(), b"bc".to_vec()])),
            "c24f395be948a7b570bc98e5735e960c0b18989a149bda776160c14a73876960"
        );
        // The commitment is the plain SHA-256 of the secret.
        assert_eq!(
            crate::secret::hash_bytes(&counting),
            "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
        );
    }

    #[test]
    fn an_empty_contribution_still_counts_its_seat() {
        assert_ne!(derive_seed(&[1; 32], &[]), derive_seed(&[1; 32], &[vec![]]));
    }

    #[test]
    fn contributions_round_trip_through_their_stored_form() {
        let cs = vec![vec![], vec![0, 0xab, 0xff], vec![7; 32]];
        let json = contributions_json(&cs);
        assert_eq!(json, format!(r#"["","00abff","{}"]"#, "07".repeat(32)));
        assert_eq!(parse_contributions(&json).unwrap(), cs);
        assert!(parse_contributions(r#"["zz"]"#).is_err());
        assert_eq!(unhex("0A"), Some(vec![10]));
        assert_eq!(unhex("abc"), None);
    }
}
