//! A table set up with chosen factions and first player.
#![allow(dead_code, reason = "each test binary uses its own part of the shared helpers")]

use backroom_engine::{GameRng, Seat};
use villains::content::{AreaId, FactionId, content};
use villains::rules::setup::{FIRST_PLAYER, choose_faction, setup};
use villains::state::Villains;

pub fn faction(id: &str) -> FactionId {
    content().faction_id(id).unwrap()
}

pub fn area(id: &str) -> AreaId {
    content().area_id(id).unwrap()
}

/// A table after Select Factions: `factions[s]` is seat `s`'s faction.
pub fn table(factions: &[&str], first: Seat, rng: &mut GameRng) -> Villains {
    rng.force_order(FIRST_PLAYER, vec![first.to_string()]);
    let (mut s, _) = setup(factions.len() as u8, rng).unwrap();
    let order: Vec<Seat> = s.player_order().collect();
    for seat in order {
        choose_faction(&mut s, seat, faction(factions[seat as usize]), rng).unwrap();
    }
    s
}

/// Puts a token of `seat` face down in `a`'s lowest open space (as if
/// placed), taking it from the reserve.
pub fn face_down(s: &mut Villains, a: AreaId, seat: Seat, kind: villains::state::TokenKind) -> usize {
    use backroom_engine::{Hidden, SeatSet};
    *s.players[seat as usize].reserve_tokens.get_mut(&kind).unwrap() -= 1;
    let uid = villains::state::TokenUid(s.next_token);
    s.next_token += 1;
    let area = s.area_mut(a);
    let i = area.lowest_open().unwrap();
    area.track[i] = Some(villains::state::PlacedToken {
        uid,
        owner: seat,
        kind: Hidden::known_to(kind, SeatSet::only(seat)),
        face_up: false,
        activated: false,
        activated_this_turn: false,
    });
    i
}
