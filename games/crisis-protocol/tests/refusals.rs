//! Refusals name the real reason (issue 24, part 2): over random matches,
//! at every step from setup to the end, illegal actions are sent on
//! purpose by both players (the setup choices out of turn or out of step,
//! activating
//! during an activation or out of turn, attacks on every character,
//! interactions with every token, every card in the hand, passing, a
//! Shake of a condition the character lacks) and every refusal must carry
//! its fact, never one of the generic sentences the engine used to answer
//! with where a specific rule applies.

use backroom_engine::{Game, GameRng, RuleError};
use crisis_protocol::{Action, Crisis, Options};

/// The sentences refusals used to fall back on (each named a rule, not the
/// fact that triggered it); quoted ones are whole messages.
const GENERIC: &[&str] = &[
    "it is not your turn to activate",
    "activate one of your ready characters",
    "finish the activation under way first",
    "the target is beyond range",
    "the target is not in line of sight",
    "\"an attack never targets an ally\"",
    "no such target",
    "shake removes a condition the character has",
    "interact with a token within R1",
    "\"interacting costs 1 power\"",
    "\"this token is held\"",
    "react with a reactive",
    "strike back with a reactive",
    "the ally must be within",
    "the terrain must be within",
    "choose a damaged ally",
    "play an active card during your own activation",
    "is not played on your turn",
    "\"the player with priority picks the crisis deck to draw from\"",
    "\"the player without priority picks an edge\"",
    "\"the player without priority picks the Maximum Threat\"",
    "\"each player places its own card's tokens, priority player's card first\"",
    "\"place your card's tokens in order, the next one first\"",
    "\"players deploy in turn, priority player first\"",
    "\"deploy one of your own characters not yet deployed\"",
    "\"squads are built before deployment\"",
    "\"rosters are committed before the battlefield is set\"",
    "\"the layout is agreed before the priority roll\"",
    "\"choose one of your characters whose Leadership qualifies\"",
    "\"pick one of the two crisis cards in play\"",
];

fn probes(g: &Crisis, seat: u8) -> Vec<Action> {
    let mut out = vec![Action::Pass {}, Action::Shake { condition: crisis_protocol::content::Condition::Hex }];
    for m in 0..g.models.len() {
        out.push(Action::Activate { model: m });
        for attack in 0..3 {
            out.push(Action::Attack { attack, target: m });
        }
    }
    for token in 0..g.tokens.len() {
        out.push(Action::Interact { token });
        out.push(Action::PlaceToken { token, at: [18.0, 18.0] });
    }
    // The setup choices, asked of anyone at any step.
    out.push(Action::ChooseDeck { deck: crisis_protocol::content::cards::CrisisKind::Secure });
    out.push(Action::ChooseThreat { crisis: 2 });
    out.push(Action::ChooseThreat { crisis: 0 });
    out.push(Action::ChooseEdge { edge: crisis_protocol::state::Edge::North });
    for m in 0..g.models.len() {
        out.push(Action::Deploy { model: m, at: [18.0, 1.0] });
        out.push(Action::ChooseLeader { model: m });
    }
    for card in &g.tactics[usize::from(seat)] {
        out.push(Action::PlayTactic { card: card.clone(), choice: None });
    }
    out
}

fn check(e: &RuleError, what: &Action, found: &mut Vec<String>) {
    let text = format!("{:?}", e.message);
    if GENERIC.iter().any(|x| text.contains(x)) || e.message.trim().is_empty() {
        found.push(format!("{what:?} → [{}] {}", e.rule, e.message));
    }
}

#[test]
fn refusals_in_play_name_their_fact() {
    let (mut refused, mut generic) = (0usize, Vec::new());
    for seed in 0..3u64 {
        let mut rng = GameRng::seeded(seed);
        let mut pick = GameRng::seeded(seed ^ 0x5eed);
        let mut g = Crisis::setup(&Options { max_rounds: 6, ..Options::default() }, 2, &mut rng).expect("setup");
        for _ in 0..6000 {
            let pending = g.pending();
            if pending.is_over() {
                break;
            }
            let seat = pending.awaited().iter().next().expect("someone is awaited");
            {
                for s in [seat, 1 - seat] {
                    for a in probes(&g, s) {
                        let mut probe = g.clone();
                        if let Err(e) = probe.apply(s, &a, &mut rng.clone()) {
                            refused += 1;
                            check(&e, &a, &mut generic);
                        }
                    }
                }
            }
            let p = g.prompt(seat).expect("an awaited seat has a prompt");
            let v = p.random_action(&mut pick).expect("a prompt offers something");
            let a: Action = serde_json::from_value(v).expect("an offered action parses");
            // A random choice may break a rule the prompt can't foresee
            // (a roster's alter egos): then another is drawn.
            let _ = g.apply(seat, &a, &mut rng);
        }
    }
    generic.sort();
    generic.dedup();
    assert!(refused > 1000, "only {refused} refusals probed");
    assert!(generic.is_empty(), "{} refusals give a generic reason:\n{}", generic.len(), generic.join("\n"));
    eprintln!("{refused} refusals probed, each naming its fact");
}
