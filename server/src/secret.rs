//! Tokens, invite and spectator secrets, match seeds.
//!
//! Secrets come from the operating system's CSPRNG and are handed to their
//! owner once; the store keeps only their SHA-256, so a leaked database
//! cannot be used to take anyone's seat.

use sha2::{Digest, Sha256};

/// `n` random bytes from the operating system.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).expect("the operating system's random source is unavailable");
    b
}

/// Lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 15) as usize] as char);
    }
    s
}

/// A player token: 256 bits, hex.
pub fn new_token() -> String {
    hex(&random_bytes::<32>())
}

/// An invite or spectator secret: 128 bits, hex.
pub fn new_invite() -> String {
    hex(&random_bytes::<16>())
}

/// Hex SHA-256 of a secret, as stored.
pub fn hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// Hex SHA-256 of raw bytes (the published seed hash).
pub fn hash_bytes(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_and_distinct() {
        let a = new_token();
        assert_eq!(a.len(), 64);
        assert_ne!(a, new_token());
        assert_eq!(new_invite().len(), 32);
        assert_eq!(hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
