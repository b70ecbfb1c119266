//! Cleanup (digest §1.2, §1.7): crisis scoring (secure, control, hold),
//! Dazed characters flip to Injured, priority passes if the player who
//! activated last holds it, Activated tokens go, and victory is checked:
//! 16 VP, the end of Round 6, or the house round limit. The next round's
//! Power phase is the round's ([`super::round::start_round`]).

use super::victory::end;
use crate::content::{Power, TokenMode};
use crate::geometry::{Disc, dist_discs, within};
use crate::state::Crisis;
use backroom_engine::{LogEntry, Seat, seat_verb};

/// VP each seat scores this Cleanup.
pub fn score(g: &Crisis) -> [u8; 2] {
    let geo = g.geo();
    let mut vp = [0u8; 2];
    for k in 0..2 {
        let card = g.crisis_card(k);
        let toks: Vec<usize> = (0..g.tokens.len()).filter(|&t| g.tokens[t].crisis == k).collect();
        let per_token = |t: usize| {
            let idx = g.tokens[t].index;
            let bonus: u8 = card.bonus.iter().filter(|b| b.token == idx && g.round >= b.from_round).map(|b| b.vp).sum();
            card.vp_per_token + bonus
        };
        match card.token_mode {
            TokenMode::Secure => {
                for &t in &toks {
                    if let Some(s) = securer(g, t) {
                        vp[usize::from(s)] += per_token(t);
                    }
                }
            }
            TokenMode::Control => {
                for s in 0..2u8 {
                    let n = toks.iter().filter(|&&t| g.tokens[t].control == Some(s)).count();
                    let mut got: u8 =
                        toks.iter().filter(|&&t| g.tokens[t].control == Some(s)).map(|&t| per_token(t)).sum();
                    if let Some(b) = &card.control_bonus
                        && n >= usize::from(b.at_least)
                    {
                        got += b.vp;
                    }
                    vp[usize::from(s)] += got;
                }
            }
            TokenMode::PickUp => {
                for &t in &toks {
                    let Some(h) = g.tokens[t].holder else { continue };
                    let m = &g.models[h];
                    if m.dazed || !m.present() {
                        continue;
                    }
                    let mut got =
                        if g.round >= 6 { card.round6_vp_per_token.unwrap_or(card.vp_per_token) } else { per_token(t) };
                    let own = crate::rules::common::edge_of(g, m.owner);
                    let enemy_half = own.dist(m.pos, geo.table_inches) > geo.table_inches / 2.0;
                    if enemy_half {
                        got += card.enemy_half_bonus.unwrap_or(0);
                    }
                    vp[usize::from(m.owner)] += got;
                }
            }
        }
    }
    vp
}

/// Who secures a token: more Healthy contesters (Leverage doubles them),
/// else more Injured contesters; a tie secures nothing. Dazed characters
/// never contest.
pub fn securer(g: &Crisis, t: usize) -> Option<Seat> {
    let geo = g.geo();
    let tok = Disc { c: g.token_pos(t), r: geo.token_diameter / 2.0 };
    let mut healthy = [0u32; 2];
    let mut injured = [0u32; 2];
    for m in g.models.iter().filter(|m| m.present() && !m.dazed) {
        if within(geo, dist_discs(m.disc(geo), tok), 1) {
            if m.injured {
                injured[usize::from(m.owner)] += 1;
            } else {
                healthy[usize::from(m.owner)] += 1;
            }
        }
    }
    for (s, h) in healthy.iter_mut().enumerate() {
        if g.leadership(s as Seat).iter().any(|p| matches!(p, Power::SecureCountDouble {})) {
            *h *= 2;
        }
    }
    let pick = |c: [u32; 2]| match c[0].cmp(&c[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    if healthy != [0, 0] { pick(healthy) } else { pick(injured) }
}

/// The Cleanup phase, ending the match when a victory check holds; the
/// next round, when it does not, is the round's to start
/// ([`super::round::next_turn_or_cleanup`]).
pub fn cleanup(g: &mut Crisis) -> Vec<LogEntry> {
    let mut log = Vec::new();
    let got = score(g);
    for s in 0..2u8 {
        g.vp[usize::from(s)] += got[usize::from(s)];
    }
    log.push(LogEntry::public(format!(
        "Cleanup of round {}: {} {} VP, {} {} VP; the score is {} to {}.",
        g.round,
        seat_verb(0, "scores", "score"),
        got[0],
        seat_verb(1, "scores", "score"),
        got[1],
        g.vp[0],
        g.vp[1]
    )));
    for m in g.models.iter_mut().filter(|m| m.present()) {
        if m.dazed {
            m.dazed = false;
            m.injured = true;
            m.damage = 0;
            m.conditions.clear();
        }
        m.activated = false;
    }
    // Hold Together lasts until Cleanup.
    g.contest_defense = [0, 0];
    if g.last_activator == Some(g.priority) {
        g.priority = 1 - g.priority;
        log.push(LogEntry::public(format!("Priority passes to {}.", backroom_engine::seat_ref(g.priority))));
    }
    let [a, b] = g.vp;
    let leader = match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    if a.max(b) >= 16 && leader.is_some() {
        end(g, leader, &mut log, "16 victory points");
    } else if g.round >= 6 && leader.is_some() {
        end(g, leader, &mut log, "the end of the rounds");
    } else if g.round >= g.options.max_rounds.max(6) {
        end(g, None, &mut log, "the house round limit");
    }
    log
}
