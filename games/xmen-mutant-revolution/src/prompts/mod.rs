//! What each seat may do now, as typed prompts. A prompt may offer
//! combinations `apply` then refuses (e.g. a target out of range), but it
//! never omits a legal action kind. Prompts depend only on public state and
//! the seat's own hand, never on other seats' secrets.
//!
//! [`prompt`] answers an open Reaction window first, then routes by phase to
//! one file per rulebook phase: `setup`, `upkeep`, `plot`, `hand_size`,
//! `change_allegiance`, `recruit_and_train`, `mission_phase` (invitations),
//! `battle` (interrupts and Mission Turn steps) and `winning` (the Final
//! Tournament's pick). The helpers below are shared by them.

mod battle;
mod change_allegiance;
mod hand_size;
mod mission_phase;
mod plot;
mod recruit_and_train;
mod setup;
mod upkeep;
mod winning;

use crate::battle::Battle;
use crate::battle::{Interrupt, Step, allocations};
use crate::content::{PlotId, PlotKind, Target, content, distance};
use crate::state::HandCard;
use crate::state::battle::Mark;
use crate::state::phase::{Allegiance, Auction, Invite, Phase, Plot, Recruit, Tournament, Upkeep, UpkeepStage};
use crate::state::{Rank, XMen};
use backroom_engine::{Ask, Input, Opt, Prompt, Seat, SeatSet};
use serde_json::json;

fn chars_opts(g: &XMen, seat: Seat, f: impl Fn(&crate::state::Character) -> bool) -> Vec<Opt> {
    g.players[seat as usize].chars.iter().filter(|c| f(c)).map(|c| Opt::new(c.id.id(), c.id.name())).collect()
}

/// One option per physical card of `hand` (two copies are two options:
/// the first named by the card's id, the next `id#2`, see [`HandCard`]).
fn hand_opts(hand: &[PlotId], label: impl Fn(PlotId) -> String) -> Vec<Opt> {
    HandCard::numbered(hand).into_iter().map(|h| Opt::new(h.value(), label(h.card))).collect()
}

fn seat_opts(g: &XMen, f: impl Fn(Seat) -> bool) -> Vec<Opt> {
    (0..g.seats).filter(|s| f(*s)).map(|s| Opt::new(s, g.who(s))).collect()
}

/// Which offer between two Schools, when there has been more than one:
/// " (offer 2)"; the first needs no number.
fn offer_no(n: u8) -> String {
    if n == 0 { String::new() } else { format!(" (offer {})", n + 1) }
}

fn hexes(cells: Vec<[i32; 2]>) -> Input {
    Input::Hex { cells }
}

/// The Reactions in `seat`'s hand answering `trigger`, one option per card
/// kind; those costing more Plot Points than the seat holds are shown
/// disabled with the price (Reactions cannot be supported).
fn reaction_opts(g: &XMen, seat: Seat, trigger: &str) -> Vec<Opt> {
    let p = &g.players[seat as usize];
    let mut opts: Vec<Opt> = vec![];
    for c in &p.hand {
        let def = c.card();
        if def.trigger.as_deref() != Some(trigger) {
            continue;
        }
        let o = Opt::new(c.key_str(), def.name.as_str())
            .disabled_if(def.plot > p.pp, || format!("costs {}; you have {}", plot_points(def.plot), p.pp));
        if !opts.iter().any(|x| x.value == o.value) {
            opts.push(o);
        }
    }
    opts.sort_by_key(|o| o.value.to_string());
    opts
}

/// "1 Plot Point", "3 Plot Points".
fn plot_points(n: u8) -> String {
    if n == 1 { "1 Plot Point".into() } else { format!("{n} Plot Points") }
}

/// An ask whose `one`/`many` parameter has too few enabled options to be
/// answered is shown disabled, with the first option's reason (or "nothing
/// to choose").
fn settle(ask: Ask) -> Ask {
    let why = ask.params.iter().find_map(|p| {
        let (opts, need) = match &p.input {
            Input::One { options } => (options, 1),
            Input::Many { options, min, .. } => (options, *min as usize),
            _ => return None,
        };
        (opts.iter().filter(|o| o.enabled()).count() < need).then(|| {
            opts.iter().find_map(|o| o.disabled.clone()).unwrap_or_else(|| format!("{}: nothing to choose", p.label))
        })
    });
    match why {
        Some(w) => ask.disabled_if(true, || w),
        None => ask,
    }
}

/// Why `seat` cannot play the Event `c` now, by what it can see (its Plot
/// Points and the pledges made to it, its Hope, its Characters and the
/// other Schools'), or `None` when some choice of targets plays it. From
/// engine version 2 the Event uses every pledge, so it may not cost less
/// than their sum; in version 1 it accepts the subset it chooses (the most
/// support that fits its Plot Value counts).
fn event_refusal(g: &XMen, seat: Seat, c: crate::content::PlotId, pledges: &[u8]) -> Option<String> {
    let p = &g.players[seat as usize];
    let def = c.card();
    let support = if g.readings().every_pledge_held_aside() {
        let all: u8 = pledges.iter().copied().fold(0, u8::saturating_add);
        if all > def.plot {
            return Some(format!(
                "the pledges ({}) are more than its Plot Value ({}); it must use them all",
                plot_points(all),
                def.plot
            ));
        }
        all
    } else {
        (0u32..1 << pledges.len())
            .map(|m| (0..pledges.len()).filter(|i| m >> i & 1 == 1).map(|i| pledges[i] as u32).sum::<u32>())
            .filter(|t| *t <= def.plot as u32)
            .max()
            .unwrap_or(0) as u8
    };
    if def.plot > p.pp.saturating_add(support) {
        let support = if support > 0 { format!(" and {support} pledged") } else { String::new() };
        return Some(format!("costs {}; you have {}{support}", plot_points(def.plot), p.pp));
    }
    for e in &def.cost {
        match e.op.as_str() {
            "discard_own_student" if p.count(Rank::Student) == 0 => {
                return Some("needs one of your Students to discard; you have none".into());
            }
            "discard_own_student" => {}
            _ if p.hope < e.amount as u32 => {
                return Some(format!("costs {} Hope too; you have {}", e.amount, p.hope));
            }
            _ => {}
        }
    }
    let needs = |op: &str| def.effects.iter().any(|e| e.op == op);
    if needs("heal") && !p.chars.iter().any(|c| c.injured) {
        return Some("none of your Characters is Injured".into());
    }
    let r = g.readings();
    if needs("power_token")
        && r.power_token_event_needs_room()
        && p.chars.iter().all(|c| c.power >= r.power_token_limit(c))
    {
        return Some("every one of your Characters is at its Power Token limit".into());
    }
    if needs("injure") {
        let open = (0..g.seats)
            .filter(|s| *s != seat || def.target == Target::Any || def.target == Target::TwoDifferent)
            .any(|s| g.players[s as usize].chars.iter().any(|c| c.rank() != Rank::Leader));
        if !open {
            return Some("no School it may target has a Hero or Student".into());
        }
    }
    None
}

/// A trigger window's title says what happened that a Reaction may answer
/// ("The bids are revealed: Jean (Magneto) wins. Play a Reaction?").
fn trigger_title(g: &XMen, trigger: &str, actor: Option<Seat>) -> String {
    let what = match (trigger, actor) {
        ("bids_revealed", Some(a)) => format!("The bids are revealed: {}", g.who_verb(a, "wins", "win")),
        ("bids_revealed", None) => "The bids are revealed".into(),
        ("character_defeated", _) => "A Character is defeated".into(),
        ("mission_revealed", _) => "The Mission is revealed".into(),
        (t, _) => format!("Reaction window: {}", t.replace('_', " ")),
    };
    format!("{what}. Play a Reaction?")
}

/// The Plot Phase's title says what this seat is asked: a cancel window
/// names the card to cancel, a support request the Plot Points asked for;
/// otherwise whose turn to act it is.
fn plot_title(g: &XMen, pl: &crate::state::phase::Plot, seat: Seat) -> String {
    if let Some(ch) = &pl.chain {
        if let Some(last) = ch.cards.last()
            && ch.window.contains(seat)
            && !ch.answers.contains_key(&seat)
        {
            return format!(
                "{} {}: cancel it with a Reaction?",
                g.who_verb(last.seat, "plays", "play"),
                last.card.card().name
            );
        }
    } else if let Some(r) = &pl.request
        && r.pledges.len() < g.seats as usize
        && seat != pl.current
        && !r.pledges.contains_key(&seat)
    {
        return format!(
            "{} for {} of support: pledge some?",
            g.who_verb(pl.current, "asks", "ask"),
            backroom_engine::plural(u32::from(r.amount), "Plot Point", "Plot Points")
        );
    }
    if seat == pl.current {
        "Plot Phase: your turn to act".into()
    } else {
        format!("Plot Phase: {} now", g.who_verb(pl.current, "acts", "act"))
    }
}

/// A Mission's pause for one seat's answer is titled with what it answers
/// (who was attacked or defeated), not only the Mission Turn.
fn interrupt_title(b: &crate::battle::Battle, int: &Interrupt) -> Option<String> {
    match int {
        Interrupt::Guard { pc, .. } => Some(format!("{} is attacked: play a Reaction?", b.pcs[*pc].who.name())),
        Interrupt::Penalty { who, .. } => Some(format!("{} is defeated: pay its Hope Value or discard it", who.name())),
        Interrupt::Claim { who, .. } => Some(format!("{} is defeated: recruit it?", who.card().name)),
        Interrupt::Allocate { .. } => None,
    }
}

/// The prompt of `seat`, if it may act.
pub fn prompt(g: &XMen, seat: Seat) -> Option<Prompt> {
    if seat >= g.seats {
        return None;
    }
    let mut asks: Vec<Ask> = vec![];
    if let Some(w) = g.windows.first()
        && !matches!(g.phase, Phase::Over { .. })
    {
        if !w.seats.contains(seat) || w.answers.contains_key(&seat) {
            return None;
        }
        let opts = reaction_opts(g, seat, &w.trigger);
        let what = w.trigger.replace('_', " ");
        if !opts.is_empty() {
            asks.push(settle(Ask::new("react", format!("Play a Reaction ({what})")).param(
                "card",
                "Reaction",
                Input::One { options: opts },
            )));
        }
        asks.push(Ask::new("decline", "Pass"));
        return Some(Prompt { title: trigger_title(g, &w.trigger, w.actor), asks });
    }
    match &g.phase {
        Phase::Over { .. } => None,
        Phase::PickSchool { order, .. } => setup::choose_school(g, seat, order),
        Phase::Upkeep(u) => upkeep::upkeep(g, seat, u),
        Phase::Plot(pl) => plot::plot(g, seat, pl),
        Phase::HandSize { over, .. } => hand_size::hand_size(g, seat, over),
        Phase::Allegiance(al) if al.ordered.is_some() => change_allegiance::ordered(g, seat, al),
        Phase::Allegiance(al) => change_allegiance::allegiance(g, seat, al),
        Phase::Recruit(r) if r.training_for.is_some() => recruit_and_train::train(g, seat, r),
        Phase::Recruit(crate::state::phase::Recruit { auction, .. }) | Phase::McBid { auction, .. } => {
            recruit_and_train::bid(g, seat, auction)
        }
        Phase::Invite(inv) => mission_phase::invite(g, seat, inv),
        Phase::Battle(b) => battle::battle(g, seat, b),
        Phase::TournamentPick(t) => winning::champion(g, seat, t),
    }
}

/// The prompt, or none when nothing is asked.
fn finish(title: String, asks: Vec<Ask>) -> Option<Prompt> {
    if asks.is_empty() { None } else { Some(Prompt { title, asks }) }
}

/// The Heroes and Students `from` may trade to `to` (never a Leader). By
/// ruling A15 a School keeps an Uninjured Student (Hero) if it had one, so
/// its last Uninjured one goes only in exchange for one of the other
/// School's: when the other School has none, it is shown disabled.
fn trade_opts(g: &XMen, from: Seat, to: Seat) -> Vec<Opt> {
    let (a, b) = (&g.players[from as usize], &g.players[to as usize]);
    a.chars
        .iter()
        .filter(|c| c.rank() != Rank::Leader)
        .map(|c| {
            let last = !c.injured && a.uninjured(c.rank()) == 1 && b.uninjured(c.rank()) == 0;
            let rank = if c.rank() == Rank::Hero { "Hero" } else { "Student" };
            Opt::new(c.id.id(), c.id.name()).disabled_if(last, || {
                format!(
                    "the last Uninjured {rank} of {} goes only in exchange for one, and {} has none",
                    g.who(from),
                    g.who(to)
                )
            })
        })
        .collect()
}

/// Secret Missions: any Uninjured Hero or Student that is not the School's
/// last Uninjured one of its rank (never a Leader).
fn secret_mission_ask(g: &XMen, seat: Seat) -> Option<Ask> {
    let p = &g.players[seat as usize];
    let opts = chars_opts(g, seat, |c| c.rank() != Rank::Leader && !c.injured && p.uninjured(c.rank()) > 1);
    (!opts.is_empty()).then(|| {
        Ask::new("secret_mission", "Send on a Secret Mission").param(
            "character",
            "Character",
            Input::One { options: opts },
        )
    })
}
