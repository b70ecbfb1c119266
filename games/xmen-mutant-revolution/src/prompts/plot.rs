//! The Plot Phase's prompts: Plot Cards, Events, Secret Missions and trades.

use super::*;

/// The Plot Phase: the current School's turn, or another's any-time plays.
pub(super) fn plot(g: &XMen, seat: Seat, pl: &Plot) -> Option<Prompt> {
    let mut asks: Vec<Ask> = vec![];
    let title = plot_title(g, pl, seat);
    let p = &g.players[seat as usize];
    if p.hope > 0 && g.seats > 1 {
        // Any time in the Plot Phase, whoever's turn it is: offered
        // apart from the decision the seat is asked for (if any), so
        // another School's turn does not look like yours.
        asks.push(
            Ask::new("give_hope", "Give Hope Coins")
                .at_any_time()
                .param("to", "To", Input::One { options: seat_opts(g, |s| s != seat) })
                .param("amount", "Hope", Input::Number { min: 1, max: p.hope as i64 }),
        );
    }
    if let Some(ch) = &pl.chain {
        if ch.window.contains(seat) && !ch.answers.contains_key(&seat) {
            let want = if ch.cards.len() == 1 { "cancel_event" } else { "cancel_reaction" };
            let opts = reaction_opts(g, seat, want);
            if !opts.is_empty() {
                asks.push(settle(Ask::new("react", "Cancel it with a Reaction").param(
                    "card",
                    "Reaction",
                    Input::One { options: opts },
                )));
            }
            asks.push(Ask::new("decline", "Let it happen"));
        }
    } else if let Some(r) = pl.request.as_ref().filter(|r| r.pledges.len() < g.seats as usize) {
        if seat != pl.current && !r.pledges.contains_key(&seat) {
            asks.push(Ask::new("pledge", "Pledge Plot Points").param(
                "amount",
                "Plot Points",
                Input::Number { min: 0, max: p.pp as i64 },
            ));
        }
    } else if seat == pl.current {
        event_asks(g, seat, pl, &mut asks);
        if pl.request.is_some() {
            asks.push(Ask::new("abandon_request", "Abandon the support request"));
        } else {
            if !pl.requested {
                asks.push(Ask::new("request_support", "Ask for support").param(
                    "amount",
                    "Plot Points",
                    Input::Number { min: 1, max: 6 },
                ));
            }
            if !p.hand.is_empty() {
                let opts = hand_opts(&p.hand, |c| format!("{} ({} Hope)", c.card().name, c.card().hope));
                let n = opts.len() as u32;
                asks.push(Ask::new("discard_for_hope", "Discard for Hope").param(
                    "cards",
                    "Cards",
                    Input::Many { options: opts, min: 1, max: n },
                ));
            }
            let powered = chars_opts(g, seat, |c| c.power > 0 && c.power("plot").is_some());
            if !powered.is_empty() {
                asks.push(Ask::new("use_power", "Use a Character Power").param(
                    "character",
                    "Character",
                    Input::One { options: powered },
                ));
            }
            asks.push(Ask::new("pass", "Pass"));
        }
    }
    finish(title, asks)
}

/// The current School's Event Cards (rulebook: Event Cards), each priced
/// with the support pledged and disabled with the rules' own refusal.
fn event_asks(g: &XMen, seat: Seat, pl: &Plot, asks: &mut Vec<Ask>) {
    let p = &g.players[seat as usize];
    // Every pledge is used by the Event played (ruling of issue
    // 12 item 10), so which to accept is no choice to make.
    let pledges: Vec<u8> = XMen::pledgers(pl).iter().map(|(_, n)| *n).collect();
    let support: u8 = if g.readings().every_pledge_held_aside() {
        pledges.iter().sum()
    } else {
        0 // version 1: the Event chooses which pledges to accept
    };
    let mut seen = vec![];
    for c in &p.hand {
        let def = c.card();
        if def.kind != PlotKind::Event || seen.contains(c) {
            continue;
        }
        seen.push(*c);
        let price = if support > 0 && support <= def.plot {
            format!("{}: {support} pledged, {} yours", plot_points(def.plot), def.plot - support)
        } else {
            plot_points(def.plot)
        };
        let mut ask = Ask::new("play_event", format!("Play {} ({price})", def.name)).with("card", c.key_str());
        if let Some(why) = event_refusal(g, seat, *c, &pledges) {
            // Shown, greyed, with the reason: the player sees
            // the card and learns why before clicking.
            asks.push(ask.disabled_if(true, || why));
            continue;
        }
        let (opts, k) = match def.target {
            Target::None => (vec![], 0),
            Target::Any => (seat_opts(g, |_| true), 1),
            Target::Another => (seat_opts(g, |s| s != seat), 1),
            Target::TwoDifferent => (seat_opts(g, |_| true), 2),
        };
        let hurts = def.effects.iter().any(|e| e.op == "injure");
        let opts: Vec<Opt> = opts
            .into_iter()
            .map(|o| {
                let s = o.value.as_u64().unwrap_or(0) as usize;
                let bare = !g.players[s].chars.iter().any(|c| c.rank() != Rank::Leader);
                o.disabled_if(hurts && bare, || "has no Hero or Student to injure".into())
            })
            .collect();
        if k > 0 {
            ask = ask.param("targets", "Target Schools", Input::Many { options: opts, min: k, max: k });
        }
        let needs = |op: &str| def.effects.iter().chain(def.cost.iter()).any(|e| e.op == op);
        if needs("discard_own_student") {
            ask = ask.param(
                "character",
                "Student to discard",
                Input::One { options: chars_opts(g, seat, |c| c.rank() == Rank::Student) },
            );
        } else if needs("power_token") || needs("heal") {
            let heal = needs("heal");
            let r = g.readings();
            // A Character at its limit gains nothing (shown,
            // greyed, from engine version 3).
            let full =
                |c: &crate::state::Character| r.power_token_event_needs_room() && c.power >= r.power_token_limit(c);
            let options = p
                .chars
                .iter()
                .filter(|c| !heal || c.injured)
                .map(|c| {
                    Opt::new(c.id.id(), c.id.name()).disabled_if(!heal && full(c), || {
                        format!("already at its Power Token limit ({})", r.power_token_limit(c))
                    })
                })
                .collect();
            ask = ask.param("character", "Character", Input::One { options });
        } else if needs("injure") {
            let opts: Vec<Opt> = (0..g.seats)
                .filter(|s| *s != seat)
                .flat_map(|s| chars_opts(g, s, |c| c.rank() != Rank::Leader))
                .collect();
            ask = ask.param("character", "Character to injure", Input::One { options: opts });
        }
        // Version 1 (matches saved before the ruling that the
        // Event uses every pledge) still chooses which pledges to
        // accept; see `versions.rs`.
        if !g.readings().every_pledge_held_aside() {
            // Accepted support never exceeds the Plot Value.
            let pledgers: Vec<Opt> = XMen::pledgers(pl)
                .into_iter()
                .filter(|(s, _)| *s != seat)
                .map(|(s, k)| {
                    Opt::new(s, g.who(s))
                        .disabled_if(k > def.plot, || format!("pledged {k}, more than its Plot Value {}", def.plot))
                })
                .collect();
            if !pledgers.is_empty() {
                let n = pledgers.len() as u32;
                ask = ask.param("supporters", "Accept pledges from", Input::Many { options: pledgers, min: 0, max: n });
            }
        }
        asks.push(ask);
    }
}
