//! "Controlling Mission Characters": who moves the Mission Tokens, the
//! transfer of control when the Mission Commander's PC is the last in the
//! arena, and a Mission Character's attack on a PC in range. Separate
//! because only Missions have Mission Characters.

use super::{Attacker, battle_mut};
use crate::state::phase::Phase;
use crate::state::{Log, XMen};
use backroom_engine::{GameRng, Seat};

impl XMen {
    /// "If the Mission Commander's PC becomes the last PC in the Mission
    /// Arena, the Mission Commander immediately surrenders control."
    pub(super) fn control_transfer(&mut self) {
        let mc = self.mc;
        let b = battle_mut(self);
        let standing = b.standing();
        if b.transferred
            || b.controller != mc
            || standing.len() != 1
            || b.pcs[standing[0]].seat != mc
            || !b.tokens.iter().any(|t| t.alive)
        {
            return;
        }
        b.transferred = true;
        // The roll happens at once; the dice come from the rng passed to
        // the caller via `pending_roll`.
        b.controller = Seat::MAX;
    }

    pub(super) fn resolve_control_roll(&mut self, rng: &mut GameRng, log: &mut Log<'_>) {
        let b = battle_mut(self);
        if b.controller != Seat::MAX {
            return;
        }
        let others: Vec<Seat> = self.clockwise(self.mc).into_iter().skip(1).collect();
        let (w, rolls) = XMen::roll_off(&others, rng);
        battle_mut(self).controller = w;
        log.note(format!(
            "The Mission Commander's PC is the last in the arena: control rolls {}. {} the Mission Characters.",
            XMen::rolls_text(&rolls),
            self.who_verb(w, "controls", "control")
        ));
    }

    pub(super) fn token_attack(&mut self, t: u8, pc: usize, rng: &mut GameRng, log: &mut Log<'_>) {
        let b = battle_mut(self);
        if !b.tokens[t as usize].alive || b.pcs[pc].hex.is_none() {
            return;
        }
        self.attack_pc(Attacker::Token(t), pc, 0, false, rng, log);
    }

    pub(super) fn controller_seat(&self) -> Seat {
        match &self.phase {
            Phase::Battle(b) => b.controller,
            _ => self.mc,
        }
    }
}
