//! The Upkeep Phase's prompts: Recover, Upkeep Costs and their choices.

use super::*;

/// The Upkeep Phase: what `seat` does at this Upkeep stage.
pub(super) fn upkeep(g: &XMen, seat: Seat, u: &Upkeep) -> Option<Prompt> {
    let mut asks: Vec<Ask> = vec![];
    let title;
    if let Some((order, at)) = &u.ordered
        && order[*at] != seat
    {
        return None;
    }
    let p = &g.players[seat as usize];
    match u.stage {
        UpkeepStage::Recover => {
            title = "Upkeep: Recover Characters (up to 3)".into();
            // The form starts with the Characters a Recovery helps
            // (the Injured, then those below their Power Token
            // limit): an untouched form does not waste the stage.
            let helped: Vec<_> = p
                .chars
                .iter()
                .filter(|c| c.injured)
                .chain(p.chars.iter().filter(|c| !c.injured && c.power < g.readings().power_token_limit(c)))
                .take(3)
                .map(|c| serde_json::Value::from(c.id.id()))
                .collect();
            asks.push(
                Ask::new("recover", "Recover")
                    .param(
                        "characters",
                        "Characters",
                        Input::Many { options: chars_opts(g, seat, |_| true), min: 0, max: 3 },
                    )
                    .default_to(helped),
            );
        }
        UpkeepStage::Advance => {
            title = "Upkeep: Advance the Revolution".into();
            let ready = chars_opts(g, seat, |c| c.power > 0);
            if ready.len() >= 6 {
                asks.push(Ask::new("advance", "Advance (6 Characters spend 1 Power Token)").param(
                    "characters",
                    "Characters",
                    Input::Many { options: ready, min: 6, max: 6 },
                ));
            }
            asks.push(Ask::new("advance", "Do not advance").with("characters", json!([])));
        }
        UpkeepStage::AcquireHope => {
            title = format!("Upkeep: Acquire Hope (you hold {} Hope)", p.hope);
            // What a Hero costs is paid from the Hope held and this
            // stage's income; the form starts with every Hero that
            // can be paid for kept (unchecked ones are discarded).
            let income = (p.count(Rank::Student) + p.chars.iter().filter(|c| c.triumph).count()) as u32;
            let budget = p.hope + income;
            let heroes: Vec<Opt> = chars_opts(g, seat, |c| c.rank() == Rank::Hero)
                .into_iter()
                .map(|o| o.disabled_if(budget == 0, || format!("costs 1 Hope; you have {} and gain {income}", p.hope)))
                .collect();
            let n = (heroes.len() as u32).min(budget);
            let kept: Vec<_> = heroes.iter().take(n as usize).map(|o| o.value.clone()).collect();
            let mut ask = Ask::new("acquire_hope", "Pay for these Heroes")
                .param(
                    "keep",
                    if income > 0 {
                        format!(
                            "Heroes kept (1 Hope each; you can pay for {budget}: {} held + {income} income, 1 per Student and Triumph Token)",
                            p.hope
                        )
                    } else {
                        format!("Heroes kept (1 Hope each; you can pay for {budget})")
                    },
                    Input::Many {
                        options: heroes,
                        min: 0,
                        max: n,
                    },
                )
                .default_to(kept);
            // The penalty matters only when no Uninjured Student
            // remains (an Uninjured Hero kept also spares it).
            if p.uninjured(Rank::Student) == 0 {
                ask = ask
                    .param(
                        "penalty",
                        "If no Uninjured Hero or Student remains",
                        Input::One {
                            options: vec![
                                Opt::new("hope", "lose half my Hope"),
                                Opt::new("rp", "lose 1 Revolution Point"),
                            ],
                        },
                    )
                    .default_to("hope");
            }
            asks.push(ask);
        }
    }
    if u.ordered.is_none() && !u.commits.contains_key(&seat) {
        asks.push(Ask::new("wait", "Wait: do this stage in order from the Mission Commander"));
    }
    finish(title, asks)
}
