//! Units in an area, as every rule speaks of them: a unit's name in the
//! log, the enemies present, entering (Police Payoff's surcharge),
//! leaving (Trapped Like Rats) and attacking (Cease Fire), a hit wounding
//! or killing, and the Graveyards (a kill credited to the killer). A primitive below the
//! rules that deploy, move, fight and resolve cards, so none of them
//! reaches into another for these.

use crate::action::choices::DeployPick;
use crate::content::effect::{Forbidden, Ongoing, UnitType};
use crate::content::{AreaId, Card};
use crate::state::Grave;
use crate::state::{UnitUid, Villains};
use backroom_engine::{LogEntry, RuleError, Seat};

/// A unit type by its name in `seat`'s faction (the champion's own name).
pub fn unit_name(state: &Villains, seat: Seat, kind: UnitType) -> String {
    match kind {
        UnitType::Champion => state.faction_of(seat).champion.name.clone(),
        k => k.word().to_string(),
    }
}

/// A unit in a log line: "a goon", or the champion's own name.
pub fn a_unit(state: &Villains, seat: Seat, kind: UnitType) -> String {
    match kind {
        UnitType::Champion => unit_name(state, seat, kind),
        k => format!("a {}", k.word()),
    }
}

/// Opponents of `seat` with units in `area`.
pub fn enemies_in(state: &Villains, seat: Seat, area: AreaId) -> Vec<Seat> {
    state.player_order().filter(|s| *s != seat && state.area(area).has_units_of(*s)).collect()
}

/// Kills `unit` of `owner` in `area`, credited to `killer`.
pub fn kill(state: &mut Villains, area: AreaId, unit: UnitUid, killer: Seat) {
    let a = state.area_mut(area);
    let Some(i) = a.units.iter().position(|u| u.uid == unit) else {
        return;
    };
    let u = a.units.remove(i);
    a.graveyard.push(Grave { owner: u.owner, kind: u.kind, killer });
    if let Some(b) = state.battle.as_mut()
        && b.area == area
    {
        b.lost.insert(u.owner);
    }
}

/// One hit on `unit` in `area`: a unit with toughness not yet wounded is
/// wounded (and stops being readied), any other dies, the kill `killer`'s.
///
/// # Errors
/// The unit is not in `area` (never so in play: every hit is assigned to
/// a unit checked there, and nothing moves it before the hit lands).
pub fn strike(state: &mut Villains, area: AreaId, unit: UnitUid, killer: Seat) -> Result<LogEntry, RuleError> {
    let Some(i) = state.area(area).units.iter().position(|u| u.uid == unit) else {
        return Err(RuleError::illegal(HITS, format!("The unit hit is no longer in {}.", area.area().name)));
    };
    let u = state.area(area).units[i];
    let seat = u.owner;
    let tough = state.faction_of(seat).unit(u.kind).is_some_and(|s| s.toughness);
    let name = a_unit(state, seat, u.kind);
    if tough && !u.wounded {
        let x = &mut state.area_mut(area).units[i];
        x.wounded = true;
        x.readied = false;
        Ok(LogEntry::public(format!("{} {name} wounded.", state.who_verb(seat, "has", "have"))))
    } else {
        kill(state, area, unit, killer);
        Ok(LogEntry::public(format!(
            "{} {name} killed (a kill for {}).",
            state.who_verb(seat, "has", "have"),
            state.who(killer)
        )))
    }
}

/// The rule named if a hit finds no unit.
const HITS: &str = "Hits and Sacrifices";

/// Whether unit attacks are forbidden in `area` (Cease Fire).
pub fn attacks_forbidden(state: &Villains, area: AreaId) -> bool {
    state.area(area).rules.iter().any(|r| r.card.card().ongoing.contains(&Ongoing::Forbid(Forbidden::Attacks)))
}

/// Whether `seat`'s units may leave `area` (Trapped Like Rats).
pub fn may_leave(state: &Villains, seat: Seat, area: AreaId, with_kau: bool) -> bool {
    !state.area(area).rules.iter().any(|r| {
        let c = r.card.card();
        c.ongoing.contains(&Ongoing::Forbid(Forbidden::Leaving)) && binds(c, r.owner, seat, with_kau)
    })
}

/// The surcharge per unit of `seat` entering `area` (Police Payoff).
pub fn entry_surcharge(state: &Villains, seat: Seat, area: AreaId, with_kau: bool) -> u8 {
    state
        .area(area)
        .rules
        .iter()
        .filter(|r| r.owner != seat && binds(r.card.card(), r.owner, seat, with_kau))
        .flat_map(|r| r.card.card().ongoing.iter())
        .map(|o| if let Ongoing::EntrySurcharge(n) = o { *n } else { 0 })
        .sum()
}

/// Whether a card played by `owner` binds `seat` (Kau's immunity: an enemy
/// card with his icon does not, when Kau is `with_kau`).
fn binds(card: &Card, owner: Seat, seat: Seat, with_kau: bool) -> bool {
    !(card.powerless_against_kau && owner != seat && with_kau)
}

/// Puts a deployed unit in `to`: from `seat`'s reserve, or re-deployed from
/// where it stands (exhausted, and healed unless it keeps its wounds). The
/// caller has checked the pick, so the unit is there to take.
pub fn place(state: &mut Villains, seat: Seat, pick: &DeployPick, to: AreaId) -> UnitUid {
    match pick.from {
        None => state.put_unit(to, seat, pick.kind).expect("checked"),
        Some(uid) => {
            let (from, _) = state.units_of(seat).find(|(_, u)| u.uid == uid).expect("checked");
            let a = state.area_mut(from);
            let i = a.units.iter().position(|u| u.uid == uid).expect("checked");
            let mut u = a.units.remove(i);
            u.readied = false;
            u.wounded = u.wounded && pick.stay_wounded;
            state.area_mut(to).units.push(u);
            uid
        }
    }
}
