//! Damage, Dazed and KO (digest §1.5): a character suffers damage up to
//! the Stamina it has left, gains ⚡ for damage from an enemy effect, is
//! Dazed at its Stamina when Healthy (dropping its tokens) and KO'd when
//! Injured (Last Stand may hold it back); a dodge rolls physical defense
//! dice against incoming damage. Everything that hurts a character (an
//! attack, a collision, a thrown piece, Bleed, a card) comes here, so this
//! sits below all of them.

use super::common::model_name;
use super::rerolls;
use crate::content::Condition;
use crate::rules::dice::{self, Face};
use crate::state::Crisis;
use backroom_engine::{GameRng, LogEntry};

/// A character suffers damage: capped by the Stamina left; ⚡ equal to it
/// when from an enemy effect (not with Judgment); at its Stamina a Healthy
/// character is Dazed (dropping its tokens), an Injured one KO'd.
pub fn suffer(g: &mut Crisis, m: usize, amount: usize, enemy: bool) -> Vec<LogEntry> {
    let mut log = Vec::new();
    let model = &mut g.models[m];
    if amount == 0 || !model.present() || model.dazed {
        return log;
    }
    let left = model.stamina().saturating_sub(model.damage);
    let dmg = (amount as u8).min(left);
    model.damage += dmg;
    if enemy && !model.has(Condition::Judgment) {
        model.gain_power(dmg);
    }
    if model.damage >= model.stamina() {
        if model.injured {
            if !super::reactive::last_stand_options(g, m).is_empty() {
                // Set aside until its player answers Last Stand.
                g.models[m].ko = true;
                g.reactions.push(crate::state::Reaction::LastStand { model: m });
                log.push(LogEntry::public(format!("{} would be KO'd.", model_name(g, m))));
                return log;
            }
            return knock_out(g, m);
        }
        model.dazed = true;
        drop_tokens(g, m);
        log.push(LogEntry::public(format!("{} is Dazed.", model_name(g, m))));
    }
    log
}

/// An Injured character is KO'd: removed, dropping its tokens.
pub fn knock_out(g: &mut Crisis, m: usize) -> Vec<LogEntry> {
    g.models[m].ko = true;
    drop_tokens(g, m);
    vec![LogEntry::public(format!("{} is KO'd.", model_name(g, m)))]
}

/// A Dazed or KO'd holder drops its tokens: where it stands, and (engine
/// version 3) the opponent then places each within R2 of it.
fn drop_tokens(g: &mut Crisis, m: usize) {
    let pos = g.models[m].pos;
    let r = g.models[m].disc(g.geo()).r;
    let place = crate::versions::v3(g);
    let seat = 1 - g.models[m].owner;
    for (i, t) in g.tokens.iter_mut().enumerate().filter(|(_, t)| t.holder == Some(m)) {
        t.holder = None;
        t.pos = pos;
        if place {
            g.reactions.push(crate::state::Reaction::PlaceToken { seat, token: i, from: pos, r });
        }
    }
}

/// Dodge (digest §1.5): physical defense dice, +1 per critical in the
/// initial roll (not Hexed); each critical, wild or block cancels 1.
pub fn dodge(g: &mut Crisis, m: usize, incoming: usize, rng: &mut GameRng) -> Vec<LogEntry> {
    let x = &g.models[m];
    if !x.present() || x.dazed {
        return Vec::new();
    }
    let n = usize::from(x.card().sides.healthy.defense.physical);
    let mut d = dice::roll_pool(rng, n, x.has(Condition::Hex));
    if crate::versions::v7(g) {
        return dodge_window(g, m, d, incoming);
    }
    let re = rerolls::ally_rerolls(g, m);
    rerolls::reroll(rng, &mut d, re, Face::defense_success);
    let saved = d.iter().filter(|f| f.defense_success()).count();
    let dmg = incoming.saturating_sub(saved);
    if dmg > 0 && !super::reactive::evasive_options(g, m, &d).is_empty() {
        g.reactions.push(crate::state::Reaction::Dodge {
            model: m,
            dice: d.clone(),
            incoming: incoming as u8,
            by: Vec::new(),
            sources: Vec::new(),
        });
        return vec![LogEntry::public(format!("{} dodges: {}, and may reroll.", model_name(g, m), dice::show(&d)))];
    }
    let mut log = vec![LogEntry::public(format!("{} dodges: {}, suffering {dmg}.", model_name(g, m), dice::show(&d)))];
    log.extend(suffer(g, m, dmg, true));
    log
}

/// A dodge under engine version 7 (core rules, "Dodging": "apply any dice
/// modifications from special rules and effects"): when the dice would let
/// damage through and the dodger has a reroll to choose (a Tactician-like
/// ability in range, Evasive Roll in the hand), its player chooses them in
/// the order it likes through the queued window; else it suffers now.
fn dodge_window(g: &mut Crisis, m: usize, d: Vec<Face>, incoming: usize) -> Vec<LogEntry> {
    let sources = rerolls::sources(g, m, false, &[]);
    let by = vec![Vec::new(); d.len()];
    let r = crate::state::Reaction::Dodge { model: m, dice: d.clone(), incoming: incoming as u8, by, sources };
    if super::reactive::dodge_open(g, &r) {
        g.reactions.push(r);
        return vec![LogEntry::public(format!("{} dodges: {}, and may reroll.", model_name(g, m), dice::show(&d)))];
    }
    let saved = d.iter().filter(|f| f.defense_success()).count();
    let dmg = incoming.saturating_sub(saved);
    let mut log = vec![LogEntry::public(format!("{} dodges: {}, suffering {dmg}.", model_name(g, m), dice::show(&d)))];
    log.extend(suffer(g, m, dmg, true));
    log
}
