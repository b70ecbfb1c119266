//! The Change Allegiance Phase's prompts: the offers and their answers.

use super::*;

/// Change Allegiance, taken in order: only the School whose turn it is.
pub(super) fn ordered(g: &XMen, seat: Seat, al: &Allegiance) -> Option<Prompt> {
    let mut asks: Vec<Ask> = vec![];
    let (order, at) = al.ordered.as_ref().unwrap();
    if order.get(*at) != Some(&seat) {
        return None;
    }
    let title = "Secret Missions, in order".into();
    if al.secret[seat as usize] < 2 {
        asks.extend(secret_mission_ask(g, seat));
    }
    asks.push(Ask::new("ready", "Done"));
    finish(title, asks)
}

/// Change Allegiance: offers made and answered.
pub(super) fn allegiance(g: &XMen, seat: Seat, al: &Allegiance) -> Option<Prompt> {
    let mut asks: Vec<Ask> = vec![];
    let title = "Recruit Phase: Change Allegiance".into();
    let ready = al.ready.contains(seat);
    for o in &al.offers {
        if o.to == seat {
            asks.push(
                Ask::new("accept", format!("Accept the offer from {}{}", g.who(o.from), offer_no(o.n)))
                    .with("from", o.from)
                    .with("n", o.n)
                    // An offer another trade has overtaken (a Character
                    // gone, Hope spent) is shown with the reason.
                    .disabled_if(g.check_offer(o).is_err(), || {
                        g.check_offer(o).err().map(|e| e.message).unwrap_or_default()
                    }),
            );
            asks.push(
                Ask::new("reject", format!("Decline the offer from {}{}", g.who(o.from), offer_no(o.n)))
                    .with("from", o.from)
                    .with("n", o.n),
            );
        }
        if o.from == seat {
            asks.push(
                Ask::new("withdraw", format!("Withdraw your offer to {}{}", g.who(o.to), offer_no(o.n)))
                    .with("to", o.to)
                    .with("n", o.n),
            );
        }
    }
    if !ready {
        let p = &g.players[seat as usize];
        if al.made[seat as usize] < crate::rules::OFFERS_PER_PHASE {
            for to in 0..g.seats {
                if to == seat {
                    continue;
                }
                let q = &g.players[to as usize];
                let (give, take) = (trade_opts(g, seat, to), trade_opts(g, to, seat));
                // A trade moves at least one Hero or Student.
                let none = !give.iter().chain(&take).any(Opt::enabled);
                asks.push(
                    Ask::new("offer", format!("Offer a trade to {}", g.who(to)))
                        .with("to", to)
                        .disabled_if(none, || format!("neither you nor {} has a Hero or Student to trade", g.who(to)))
                        .param("give", "You give", Input::Many { options: give, min: 0, max: 2 })
                        .param("give_hope", "Hope you give", Input::Number { min: 0, max: p.hope.min(6) as i64 })
                        .param("take", "You take", Input::Many { options: take, min: 0, max: 2 })
                        .param("take_hope", "Hope you take", Input::Number { min: 0, max: q.hope.min(6) as i64 }),
                );
            }
        }
        if !al.wait {
            asks.push(Ask::new("wait", "Wait: Secret Missions in order once everyone is ready"));
        }
        if al.secret[seat as usize] < 2 && !al.wait {
            asks.extend(secret_mission_ask(g, seat));
        }
        asks.push(Ask::new("ready", "Pick up your Bidding Dial"));
    }
    if asks.is_empty() {
        return None;
    }
    finish(title, asks)
}
