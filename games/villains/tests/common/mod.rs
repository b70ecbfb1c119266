//! A table set up with chosen factions and first player.
#![allow(dead_code)]

use backroom_engine::{GameRng, Seat};
use villains::content::{AreaId, FactionId, content};
use villains::setup::{FIRST_PLAYER, choose_faction, setup};
use villains::state::State;

pub fn faction(id: &str) -> FactionId {
    content().faction_id(id).unwrap()
}

pub fn area(id: &str) -> AreaId {
    content().area_id(id).unwrap()
}

/// A table after Select Factions: `factions[s]` is seat `s`'s faction.
pub fn table(factions: &[&str], first: Seat, rng: &mut GameRng) -> State {
    rng.force_order(FIRST_PLAYER, vec![first.to_string()]);
    let (mut s, _) = setup(factions.len() as u8, rng).unwrap();
    let order: Vec<Seat> = s.player_order().collect();
    for seat in order {
        choose_faction(&mut s, seat, faction(factions[seat as usize]), rng).unwrap();
    }
    s
}
