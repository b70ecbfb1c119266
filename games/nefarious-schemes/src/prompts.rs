//! What a seat may do now, as typed prompts a generic client and a bot
//! enumerate. Only workable options are offered: each ask and option here
//! is one the rules accept (checked by `testkit::offered_options_work`).

use crate::content::{CardId, Find, Kind};
use crate::state::{HERO, Schemes, Stage, Uid};
use backroom_engine::{Ask, Input, Opt, Prompt, Seat};

fn units(g: &Schemes, uids: &[Uid]) -> Input {
    Input::One { options: uids.iter().map(|u| with_facts(g, Opt::new(*u, g.label(*u)), *u)).collect() }
}

/// A card in play as an option, with the figures a choice is made on: a
/// Unit's Fight (and a Hero's Track), its Wounds, a Mastermind's Minions
/// and Plots (all public).
fn with_facts(g: &Schemes, opt: Opt, uid: Uid) -> Opt {
    let Some(p) = g.piece(uid) else { return opt };
    if !p.card.card().is_unit() {
        return opt;
    }
    let mut opt = opt.fact("Fight", g.fight(uid));
    if p.side == HERO {
        opt = opt.fact("Track", format!("{:+}", g.track_bonus(uid)));
    }
    if p.wounds > 0 {
        opt = opt.fact("Wounds", p.wounds);
    }
    if p.kind() == Kind::Mastermind {
        opt = opt.fact("Minions", p.minions).fact("Plots", g.plots_of(uid).len());
    }
    opt
}

fn distinct(cards: impl Iterator<Item = CardId>) -> Vec<CardId> {
    let mut v: Vec<CardId> = cards.collect();
    v.sort();
    v.dedup();
    v
}

/// Why a card of this kind in `seat`'s hand cannot be put into play in
/// the Recruit phase now (`None`: it can). Shown on the card's disabled
/// ask, so a hand that can play nothing says why rather than offering
/// only "Done recruiting".
fn recruit_refusal(g: &Schemes, seat: Seat, kind: Kind) -> Option<String> {
    match kind {
        Kind::Event => {
            return Some("an Event is played after a roll (or in the Intercept Phase), not put into play".into());
        }
        Kind::Plot => return Some("a Plot is attached to a Mastermind in the Plot Phase (7)".into()),
        _ => {}
    }
    if !Schemes::needs_holder(seat, kind) || !g.holders(seat, kind).is_empty() {
        return None;
    }
    let holder = if seat == HERO { "Hero" } else { "Mastermind" };
    let none_of_kind = if seat == HERO { g.heroes().is_empty() } else { g.masterminds().is_empty() };
    Some(if none_of_kind {
        format!("needs a {holder} in play")
    } else {
        format!("no {holder} of yours in play takes a {}", kind.word())
    })
}

/// The prompt of `seat`, when it decides now.
pub fn prompt(g: &Schemes, seat: Seat) -> Option<Prompt> {
    let stage = g.stage.as_ref()?;
    if g.ending.is_some() || stage.seat() != seat {
        return None;
    }
    let (title, asks) = effect_asks(g, seat, stage);
    Some(Prompt { title, asks })
}

/// The asks of an effect's question (event windows, the Doctor, discards,
/// looks, Lure, searches, Build, harm, Foiled, Wheels in Motion); a phase
/// of the turn goes on to [`phase_asks`].
fn effect_asks(g: &Schemes, seat: Seat, stage: &Stage) -> (String, Vec<Ask>) {
    let hand = &g.sides[seat as usize].hand;
    match stage {
        Stage::Window { intercept, .. } => {
            let title = match (&g.roll, intercept) {
                (Some(r), false) => format!("Event window: the {} stands at {}", r.kind.table().name, r.total()),
                _ => "Intercept Phase: event window".to_string(),
            };
            let mut asks: Vec<Ask> = g
                .playable_events(seat)
                .into_iter()
                .map(|(c, targets)| {
                    let ev = c.card().event.as_ref();
                    let m = ev.map_or(0, |e| e.modifier);
                    let label =
                        if m != 0 { format!("Play {} ({m:+})", c.name()) } else { format!("Play {}", c.name()) };
                    let ask = Ask::new("play_event", label).with("card", c.key());
                    if targets.is_empty() { ask } else { ask.param("on", "Mastermind", units(g, &targets)) }
                })
                .collect();
            asks.push(Ask::new("pass", "Pass"));
            (title, asks)
        }
        Stage::Doctor { .. } => {
            let wounded = g.wounded(seat);
            let doctors = g.with_skill(seat, crate::content::Skill::Doctor).len().min(wounded.len());
            let opts = wounded.iter().map(|u| Opt::new(*u, g.label(*u))).collect();
            let ask = Ask::new("heal", "Doctor: Heal +2 to these Units' next Healing Roll").param(
                "units",
                "Units",
                Input::Many { options: opts, min: 0, max: doctors as u32 },
            );
            ("Healing Phase: your Doctors".into(), vec![ask])
        }
        Stage::Discard { .. } => {
            let opts = distinct(hand.iter().copied()).into_iter().map(|c| Opt::new(c.key(), c.name())).collect();
            (
                "Discard 1 card".into(),
                vec![Ask::new("discard", "Discard").param("card", "Card", Input::One { options: opts })],
            )
        }
        Stage::ChooseDeck { .. } => (
            "Look at the next 7 cards of either deck".into(),
            vec![
                Ask::new("look_at", "The Heroes' deck").with("deck", 0),
                Ask::new("look_at", "The Villain's deck").with("deck", 1),
            ],
        ),
        Stage::Lure { .. } => {
            let t = g.lure_targets(seat);
            (
                "Gain control of target Character".into(),
                vec![Ask::new("lure", "Take control").param("target", "Character", units(g, &t))],
            )
        }
        Stage::Search { find, .. } => {
            let cands = g.search_candidates(seat, *find);
            let mut asks = vec![];
            for c in &cands {
                let ask = Ask::new("take", format!("Take {}", c.name())).with("card", c.key());
                asks.push(match find {
                    Find::Character => ask,
                    Find::Gear => ask.param("onto", "Unit", units(g, &g.holders(seat, c.card().kind))),
                });
            }
            if cands.is_empty() {
                asks.push(Ask::new("take_nothing", "Nothing to take: shuffle the deck"));
            }
            let title = match find {
                Find::Character => "Recruit: put a Character from your deck into your hand",
                Find::Gear => "Blueprints: put a Vehicle or Weapon from your deck into play",
            };
            (title.into(), asks)
        }
        Stage::Build { .. } => (
            "Build: an Invention Marker on one of your Units".into(),
            vec![Ask::new("build", "Build").param("unit", "Unit", units(g, &g.units(seat)))],
        ),
        Stage::Harm { unit, .. } => (
            format!("{} is wounded", g.label(*unit)),
            vec![
                Ask::new("wound", "Take the Wound"),
                Ask::new("drop_gear", "Discard an attached Vehicle or Weapon instead").param(
                    "gear",
                    "Vehicle or Weapon",
                    units(g, &g.gear_of(*unit)),
                ),
            ],
        ),
        Stage::Foil { mastermind, .. } => {
            let opts = g.plots_of(*mastermind).into_iter().map(|p| Opt::new(p, g.plot_label(p))).collect();
            (
                "Foiled: discard one Plot".into(),
                vec![Ask::new("foil", "Discard").param("plot", "Plot", Input::One { options: opts })],
            )
        }
        Stage::Wheels { .. } => {
            let opts = g.plots().into_iter().map(|p| Opt::new(p, g.plot_label(p))).collect();
            (
                "Wheels in Motion".into(),
                vec![
                    Ask::new("draw_card", "Draw 1 card"),
                    Ask::new("add_counter", "Put 1 Plot counter").param("plot", "Plot", Input::One { options: opts }),
                ],
            )
        }
        _ => phase_asks(g, seat, stage),
    }
}

/// The asks of a phase of the turn (Recruit, Plot, Assassin, Track,
/// Attack, and the Combat Roll's attack again).
fn phase_asks(g: &Schemes, seat: Seat, stage: &Stage) -> (String, Vec<Ask>) {
    let done = |label: &str| Ask::new("done", label);
    let hand = &g.sides[seat as usize].hand;
    match stage {
        Stage::Recruit { played, .. } => {
            let mut asks = vec![];
            for c in distinct(hand.iter().copied()) {
                let kind = c.card().kind;
                let ask = Ask::new("recruit", format!("Put {} into play", c.name())).with("card", c.key());
                let h = g.holders(seat, kind);
                let ask = if Schemes::needs_holder(seat, kind) && !h.is_empty() {
                    ask.param("onto", "Attach to", units(g, &h))
                } else {
                    ask
                };
                asks.push(match recruit_refusal(g, seat, kind) {
                    Some(why) => ask.disabled_if(true, || why),
                    None => ask,
                });
            }
            asks.push(done("Done recruiting"));
            (
                format!(
                    "Recruit Phase: {} of {} cards put into play",
                    played,
                    crate::content::content().rules.recruit_limit
                ),
                asks,
            )
        }
        Stage::PlotAttach { .. } => {
            let mut asks = vec![];
            let holders = g.holders(seat, Kind::Plot);
            for c in distinct(hand.iter().copied().filter(|c| c.card().kind == Kind::Plot)) {
                if !holders.is_empty() {
                    asks.push(Ask::new("attach_plot", format!("Attach {}", c.name())).with("card", c.key()).param(
                        "mastermind",
                        "Mastermind",
                        units(g, &holders),
                    ));
                }
            }
            asks.push(done("Done attaching Plots"));
            ("Plot Phase: attach Plots to your Masterminds".into(), asks)
        }
        Stage::Assassin { .. } => (
            "Assassin Phase: send Minions on suicide missions".into(),
            vec![
                Ask::new("send", "Send a Minion").param("mastermind", "Mastermind", units(g, &g.senders())).param(
                    "hero",
                    "Target Hero",
                    units(g, &g.heroes()),
                ),
                done("Send no more"),
            ],
        ),
        Stage::Track { .. } => (
            "Track Phase: Track Rolls".into(),
            vec![
                Ask::new("track", "Track a Mastermind").param("hero", "Hero", units(g, &g.fresh_heroes())).param(
                    "mastermind",
                    "Mastermind",
                    units(g, &g.masterminds()),
                ),
                done("Track no more"),
            ],
        ),
        Stage::Attack { .. } => (
            "Attack Phase: attack the Thwarted Masterminds".into(),
            vec![
                Ask::new("attack", "Attack").param("hero", "Hero", units(g, &g.fresh_heroes())).param(
                    "mastermind",
                    "Mastermind",
                    units(g, &g.thwarted()),
                ),
                done("Attack no more"),
            ],
        ),
        Stage::Continue { hero, penalty, .. } => (
            format!("Combat: {} may attack again at Fight -{penalty}", g.label(*hero)),
            vec![Ask::new("attack_again", "Attack again"), Ask::new("stop", "Stop")],
        ),
        _ => unreachable!("every effect stage is asked by effect_asks"),
    }
}
