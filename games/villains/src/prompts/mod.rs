//! Villains' prompts: what each seat may do now, with only workable
//! options.
//!
//! A composite choice is built from whole candidates, each one tried on a
//! copy of the table ([`priced`] learns its cost and whether it works in
//! one trial, `state::Quote`), then asked step by step (`composite`): the
//! card or skill first, then what it needs as follow-ups (`Opt::then`),
//! then the energy to spend; a plan scoring is still one option per
//! candidate. The candidates are a useful subset, not every possible
//! combination (an action may also be sent with other choices; the rules
//! check it the same way). Deals are any-time asks in every seat's prompt.

pub mod candidates;
pub mod composite;
pub mod labels;

use crate::action::{Action, FusionCard, LabPlay};
use crate::content::{AreaId, content};
use crate::prompts::candidates::{activation_options, card_choices, priced, skill_options, workable};
use crate::rules::combat;
use crate::rules::end_phase::completable_objectives;
use crate::rules::take_actions;
use crate::rules::turn_loop::PlanScore;
use crate::state::{Phase, State};
use backroom_engine::{Ask, Game, Input, Opt, Prompt, Seat};
use serde::Serialize;

/// What `seat` may do now: its decision when the game waits for it, and
/// its deals at any time.
pub fn prompt(state: &State, seat: Seat) -> Option<Prompt> {
    if !state.pending().awaited().contains(seat) {
        let asks = deal_asks(state, seat);
        return (!asks.is_empty()).then(|| Prompt { title: "Deals, at any time (it is not your move)".into(), asks });
    }
    let mut asks: Vec<Ask> = Vec::new();
    if let Some(o) = crate::rules::choices::next(state) {
        match o {
            crate::rules::choices::Owed::Sacrifice { .. } => {
                let units = state
                    .units_of(seat)
                    .map(|(a, u)| {
                        opt(&u.uid, format!("{} in {}", combat::unit_name(state, seat, u.kind), a.area().name))
                    })
                    .collect();
                asks.extend(one(Ask::new("sacrifice_unit", "Sacrifice a unit"), "unit", "Unit", units));
            }
            crate::rules::choices::Owed::KeepFighting { .. } => {
                let o = vec![Opt::new(true, "Fight on"), Opt::new(false, "Enough")];
                asks.extend(one(Ask::new("keep_fighting", "To the death?"), "yes", "Fight on?", o));
            }
            crate::rules::choices::Owed::LabCard { .. } => {
                asks.push(Ask::new("lab_draw", "Take the card into your hand"));
                let plays = lab_plays(state, seat);
                let label = "Play it for free in the Laboratory";
                match crate::prompts::composite::lab_ask(state, seat, &plays) {
                    Some(ask) => asks.push(ask),
                    // Not playable here: shown disabled with the rules' reason.
                    None => asks.push(Ask::new("lab_paying", label).disabled_if(true, || lab_refusal(state, seat))),
                }
            }
            crate::rules::choices::Owed::Fusion { .. } => {
                let plays = fusion_plays(state, seat);
                let unplayable = unplayable_fusion_cards(state, seat, &plays);
                asks.extend(crate::prompts::composite::fusion_ask(state, seat, &plays, unplayable));
                asks.push(Ask::new("fusion_stop", "Mr. Fusion: play no more cards"));
            }
            crate::rules::choices::Owed::FreeDeploy { area, .. } => {
                let units: Vec<Opt> = crate::rules::abilities::free_deploy_kinds(state, seat)
                    .into_iter()
                    .map(Some)
                    .chain([None])
                    .map(|unit| {
                        let l = crate::prompts::labels::label(state, seat, &Action::FreeDeploy { unit });
                        opt(&unit, l)
                    })
                    .collect();
                asks.extend(one(
                    Ask::new("free_deploy", format!("Deploy a unit into {} free", area.area().name)),
                    "unit",
                    "Unit",
                    units,
                ));
            }
            crate::rules::choices::Owed::ChampionAttack { from, .. } => {
                let name = &state.faction_of(seat).champion.name;
                let targets = crate::rules::abilities::champion_targets(state, seat, from)
                    .into_iter()
                    .map(|target| {
                        let l = crate::prompts::labels::label(state, seat, &Action::ChampionAttack { target });
                        opt(&target, l)
                    })
                    .collect();
                asks.extend(one(
                    Ask::new("champion_attack", format!("{name} attacks")),
                    "target",
                    "Whom and where",
                    targets,
                ));
            }
            crate::rules::choices::Owed::CancelHit { .. } => {
                let o = [true, false]
                    .into_iter()
                    .map(|pay| {
                        let l = crate::prompts::labels::label(state, seat, &Action::CancelHit { pay });
                        opt(&pay, l)
                    })
                    .collect();
                asks.extend(one(Ask::new("cancel_hit", "Cancel the hit?"), "pay", "Pay?", o));
            }
            crate::rules::choices::Owed::ChooseVictim { area, .. } => {
                let o = combat::enemies_in(state, seat, area)
                    .iter()
                    .map(|e| {
                        let l = crate::prompts::labels::label(state, seat, &Action::ChooseVictim { enemy: *e });
                        opt(e, l)
                    })
                    .collect();
                asks.extend(one(
                    Ask::new("choose_victim", format!("Pick an opponent to sacrifice a unit in {}", area.area().name)),
                    "enemy",
                    "Opponent",
                    o,
                ));
            }
            crate::rules::choices::Owed::SacrificeIn { area, .. } => {
                asks.extend(one(
                    Ask::new("sacrifice_unit", format!("Sacrifice a unit in {}", area.area().name)),
                    "unit",
                    "Unit",
                    units_opts(state, seat, area),
                ));
            }
            crate::rules::choices::Owed::Discard { .. } => {
                let cards = state.players[seat as usize].hand.iter().map(|c| opt(c, c.card().name.clone())).collect();
                asks.extend(one(Ask::new("discard_card", "Discard a card"), "card", "Card", cards));
            }
        }
    } else if let Some(b) = &state.battle {
        if let Some(h) = b.hits {
            asks.extend(one(Ask::new("assign_hit", "Assign a hit"), "unit", "Unit", units_opts(state, seat, h.area)));
        } else if let Some(q) = b.sacrifices.first() {
            asks.extend(one(
                Ask::new("sacrifice", "Sacrifice a unit"),
                "unit",
                "Unit",
                units_opts(state, seat, q.area),
            ));
        } else {
            let mine: Vec<Opt> = b
                .to_attack
                .iter()
                .filter(|a| a.owner == seat)
                .map(|a| opt(&a.uid, combat::unit_name(state, seat, a.kind)))
                .collect();
            let defs: Vec<Opt> = combat::defenders(state, seat).iter().map(|d| opt(d, state.who(*d))).collect();
            if let Some(ask) = one(Ask::new("attack", "Attack"), "unit", "Unit", mine) {
                asks.extend(one(ask, "defender", "Defender", defs));
            }
        }
    } else if let Some(a) = &state.attacks {
        if let Some(h) = a.hits {
            asks.extend(one(Ask::new("assign_hit", "Assign a hit"), "unit", "Unit", units_opts(state, seat, h.area)));
        } else {
            let defs: Vec<Opt> =
                combat::enemies_in(state, seat, a.queue[0].0).iter().map(|d| opt(d, state.who(*d))).collect();
            asks.extend(one(Ask::new("card_attack", "Attack"), "defender", "Defender", defs));
        }
    } else {
        match &state.phase {
            Phase::SelectFactions { .. } => {
                let o = crate::rules::setup::available_factions(state)
                    .iter()
                    .map(|f| opt(f, f.faction().name.clone()))
                    .collect();
                asks.extend(one(Ask::new("choose_faction", "Choose your faction"), "faction", "Faction", o));
            }
            Phase::SelectPlans { .. } => {
                let o = state.players[seat as usize].plans.iter().map(|p| opt(p, p.plan().name.clone())).collect();
                asks.extend(one(Ask::new("bottom_plan", "Put a plan on the bottom of your deck"), "plan", "Plan", o));
            }
            Phase::SelectTargets { inside_job } => {
                let o = state.players[seat as usize].hand.iter().map(|c| opt(c, c.card().name.clone())).collect();
                asks.extend(one(Ask::new("select_target", "Select your target"), "card", "Card", o));
                if inside_job.is_none()
                    && state
                        .faction_of(seat)
                        .passive_rules()
                        .any(|r| *r == crate::content::effect::Ongoing::TargetsLast)
                {
                    let o = (0..state.seats)
                        .filter(|e| *e != seat && state.players[*e as usize].target.is_some())
                        .map(|e| opt(&e, state.who(e)))
                        .collect();
                    asks.extend(one(Ask::new("inside_job", "Inside Job: look at a target"), "enemy", "Opponent", o));
                }
            }
            Phase::PlaceTokens { .. } => {
                if crate::rules::place_action_tokens::can_place(state, seat) {
                    let kinds = state.players[seat as usize]
                        .reserve_tokens
                        .iter()
                        .filter(|(_, n)| **n > 0)
                        .map(|(k, _)| opt(k, crate::rules::place_action_tokens::kind_name(state, seat, *k)))
                        .collect();
                    let areas = content()
                        .area_ids()
                        .filter(|a| state.area(*a).lowest_open().is_some())
                        .map(|a| opt(&a, a.area().name.clone()))
                        .collect();
                    let ask = one(Ask::new("place_token", "Place an action token"), "kind", "Token", kinds)
                        .and_then(|ask| one(ask, "area", "Area", areas));
                    // Paying Costs (R21): the split is the player's, when
                    // there is one to make.
                    let cost = crate::rules::place_action_tokens::placement_cost(state, seat);
                    let p = &state.players[seat as usize];
                    let first = crate::rules::place_action_tokens::Payment::energy_first(state, seat, cost);
                    let r = p.resources.min(u16::from(cost));
                    let other = crate::rules::place_action_tokens::Payment { energy: cost - r as u8, resources: r };
                    let ask = match ask {
                        Some(ask) if other != first && other.energy <= p.energy => one(
                            ask,
                            "payment",
                            "Pay with",
                            vec![
                                opt(&first, crate::prompts::labels::payment_words(first)),
                                opt(&other, crate::prompts::labels::payment_words(other)),
                            ],
                        )
                        .map(|a| a.default_to(serde_json::to_value(first).expect("serializes"))),
                        other => other,
                    };
                    // The Subway's controller places in any open space: the
                    // spaces open in some area (the rules check the pair).
                    let ask = match ask {
                        Some(ask) if crate::rules::standing::places_in_any_space(state, seat) => {
                            let most = content().area_ids().map(|a| state.area(a).track.len()).max().unwrap_or(0);
                            let spaces: Vec<Opt> = (0..most)
                                .filter(|i| {
                                    content().area_ids().any(|a| {
                                        crate::rules::place_action_tokens::open_spaces(state, seat, a).contains(i)
                                    })
                                })
                                .map(|i| opt(&i, format!("Space {}", i + 1)))
                                .collect();
                            one(ask, "space", "Space", spaces)
                        }
                        other => other,
                    };
                    asks.extend(ask);
                }
                asks.push(Ask::new("pass_placing", "Pass"));
            }
            Phase::TakeActions { revealed: Some(uid), .. } => {
                let (area, _) = take_actions::find(state, *uid).expect("revealed token");
                asks.extend(crate::prompts::composite::deploy_ask(state, seat, area));
                asks.extend(crate::prompts::composite::move_ask(state, seat, area));
                asks.extend(crate::prompts::composite::activate_ask(
                    state,
                    seat,
                    activation_options(state, seat, area, false),
                ));
                asks.push(Ask::new("discard", "Discard the token"));
            }
            Phase::TakeActions { revealed: None, .. } => {
                // Each of the seat's own tokens by what it is (the owner
                // knows), where it is and which space.
                let spots: Vec<Opt> = take_actions::revealable(state, seat)
                    .iter()
                    .map(|s| {
                        let kind = state.area(s.0).track[s.1].as_ref().map(|t| *t.kind.rules_value());
                        let what = kind.map_or_else(
                            || "Token".to_string(),
                            |k| format!("Your {} token", crate::rules::place_action_tokens::kind_name(state, seat, k)),
                        );
                        opt(s, format!("{what} in {}, space {}", s.0.area().name, s.1 + 1))
                    })
                    .collect();
                asks.extend(one(Ask::new("reveal", "Reveal a token"), "spot", "Token", spots.clone()));
                let skills = skill_options(state, seat);
                asks.extend(crate::prompts::composite::skill_bringing_ask(state, seat, &skills));
                // The Subway's deploy is asked step by step (area, then unit).
                let anywhere = |a: &AreaId| crate::prompts::composite::deploys_anywhere(*a);
                for a in crate::rules::skill_abilities::skill_areas(state, seat).iter().filter(|a| anywhere(a)) {
                    asks.extend(crate::prompts::composite::skill_deploy_ask(state, seat, *a));
                }
                let skills: Vec<Action> = skills
                    .into_iter()
                    .filter(|s| !matches!(s, Action::UseSkill { skill: (a, c) } if anywhere(a) && c.deploy.is_some()))
                    .collect();
                asks.extend(crate::prompts::composite::skill_ask(state, seat, &skills));
                let down = state.face_down_tokens_of(seat);
                if down > 0 && spots.is_empty() {
                    asks.push(Ask::new("locked", locked_words(state, seat)));
                }
                if down == 0 {
                    asks.push(Ask::new("pass", "Pass"));
                }
            }
            Phase::ScorePlans { .. } => {
                asks.extend(candidates_ask(
                    state,
                    seat,
                    "score_plans",
                    "Score plans",
                    "scores",
                    workable(state, seat, plan_scorings(state, seat)),
                ));
            }
            Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => {}
        }
    }
    asks.extend(deal_asks(state, seat));
    (!asks.is_empty()).then(|| Prompt { title: step_title(state).into(), asks })
}

/// The Laboratory's revealed card's plays `seat` may make now, whole, each
/// priced by a trial (energy first): what its prompt asks step by step and
/// what the bot weighs.
pub(crate) fn lab_plays(state: &State, seat: Seat) -> Vec<Action> {
    let Some(crate::rules::choices::Owed::LabCard { card, area, .. }) = crate::rules::choices::next(state) else {
        return Vec::new();
    };
    let mut plays = Vec::new();
    if crate::rules::card_token::playable_in_this_version(card) {
        for choices in card_choices(state, seat, area, card) {
            plays.extend(priced(state, seat, &|p| Action::LabPlay {
                play: LabPlay { payment: p, choices: choices.clone() },
            }));
        }
    }
    plays
}

/// Mr. Fusion's next plays (each card in hand, one per design, with each
/// set of its choices that works), whole and priced: what the prompt asks
/// step by step and what the bot weighs.
pub(crate) fn fusion_plays(state: &State, seat: Seat) -> Vec<Action> {
    let Some(crate::rules::choices::Owed::Fusion { area, .. }) = crate::rules::choices::next(state) else {
        return Vec::new();
    };
    let mut plays = Vec::new();
    let mut hand = state.players[seat as usize].hand.clone();
    hand.sort_by_key(|c| c.deck_card().design);
    hand.dedup_by_key(|c| c.deck_card().design);
    for card in hand {
        for choices in card_choices(state, seat, area, card) {
            plays.extend(priced(state, seat, &|p| Action::FusionPlay {
                play: FusionCard { card, payment: p, choices: choices.clone() },
            }));
        }
    }
    plays
}

/// Why the Laboratory's revealed card cannot be played now: the rules'
/// refusal of its plain play, priced by a trial.
fn lab_refusal(state: &State, seat: Seat) -> String {
    let mut t = state.clone();
    t.quote = crate::state::Quote::asking(state, seat);
    let play = LabPlay { payment: crate::rules::place_action_tokens::Payment::QUOTE, choices: Default::default() };
    match crate::rules::apply_to(&mut t, seat, &Action::LabPlay { play }, &mut backroom_engine::GameRng::seeded(0)) {
        Err(e) => e.message,
        Ok(_) => "It cannot be played here now.".into(),
    }
}

/// The cards in hand (one per design) Mr. Fusion could play but no offered
/// play plays, each disabled with the rules' reason.
fn unplayable_fusion_cards(state: &State, seat: Seat, plays: &[Action]) -> Vec<Opt> {
    let design = |c: crate::content::CardId| c.deck_card().design;
    let offered: Vec<_> = plays
        .iter()
        .filter_map(|a| match a {
            Action::FusionPlay { play } => Some(design(play.card)),
            _ => None,
        })
        .collect();
    let mut hand = state.players[seat as usize].hand.clone();
    hand.sort_by_key(|c| design(*c));
    hand.dedup_by_key(|c| design(*c));
    hand.into_iter()
        .filter(|c| !offered.contains(&design(*c)))
        .map(|card| {
            let mut t = state.clone();
            t.quote = crate::state::Quote::asking(state, seat);
            let play = FusionCard {
                card,
                payment: crate::rules::place_action_tokens::Payment::QUOTE,
                choices: Default::default(),
            };
            let why = match crate::rules::apply_to(
                &mut t,
                seat,
                &Action::FusionPlay { play },
                &mut backroom_engine::GameRng::seeded(0),
            ) {
                Err(e) => e.message,
                Ok(_) => "It cannot be played here now.".into(),
            };
            Opt::new(serde_json::to_value(card).expect("serializes"), format!("Play {}", card.card().name))
                .disabled_if(true, || why)
        })
        .collect()
}

/// A disabled ask's reason when no card can be played: each card and why
/// (the form of a disabled ask does not open, so its options are not seen).
pub(crate) fn none_playable(options: &[Opt]) -> String {
    let each: Vec<String> = options
        .iter()
        .map(|o| format!("{}: {}", o.label, o.disabled.as_deref().unwrap_or("").trim_end_matches('.')))
        .collect();
    format!("no card in your hand can be played now ({})", each.join("; "))
}

/// "Declare yourself locked", with why: each face-down token of the seat
/// waits behind another player's face-down token on its track.
fn locked_words(state: &State, seat: Seat) -> String {
    let mut areas: Vec<String> = Vec::new();
    for a in content().area_ids() {
        let track = &state.area(a).track;
        let mine = track.iter().flatten().any(|t| t.owner == seat && !t.face_up);
        if mine && !areas.contains(&a.area().name) {
            areas.push(a.area().name.clone());
        }
    }
    format!(
        "Declare yourself locked: none of your face-down tokens can be revealed, each has another player's face-down token before it ({})",
        backroom_engine::and_list(&areas)
    )
}

/// The Deals asks `seat` has now: any-time asks (`Ask::any_time`).
fn deal_asks(state: &State, seat: Seat) -> Vec<Ask> {
    use crate::rules::deals::{MOST, offer_between, terms};
    if !crate::rules::deals::open(state) || seat >= state.seats {
        return Vec::new();
    }
    let mine = state.players[seat as usize].resources;
    let mut asks = Vec::new();
    let others: Vec<Seat> = (0..state.seats).filter(|o| *o != seat).collect();
    for o in &others {
        let theirs = state.players[*o as usize].resources;
        if mine == 0 && theirs == 0 {
            continue;
        }
        asks.push(
            Ask::new("offer", format!("Offer {} a deal", state.who(*o)))
                .with("to", *o)
                .param("give", "Resources you give", Input::Number { min: 0, max: i64::from(mine.min(MOST)) })
                .default_to(u16::from(mine > 0))
                .param("want", "Resources you ask back", Input::Number { min: 0, max: i64::from(theirs.min(MOST)) })
                .default_to(u16::from(mine == 0))
                .at_any_time(),
        );
    }
    let to_me: Vec<crate::rules::deals::Offer> = state.offers.iter().copied().filter(|o| o.to == seat).collect();
    let acceptable: Vec<Opt> = to_me
        .iter()
        .filter(|o| state.players[o.from as usize].resources >= o.give && mine >= o.want)
        .map(|o| opt(&o.from, format!("{}: {}", state.who(o.from), terms(o.give, o.want))))
        .collect();
    asks.extend(one(Ask::new("accept_offer", "Accept an offer"), "from", "Offer", acceptable).map(Ask::at_any_time));
    let declinable: Vec<Opt> =
        to_me.iter().map(|o| opt(&o.from, format!("{}: {}", state.who(o.from), terms(o.give, o.want)))).collect();
    asks.extend(one(Ask::new("decline_offer", "Decline an offer"), "from", "Offer", declinable).map(Ask::at_any_time));
    let withdrawable: Vec<Opt> = others
        .iter()
        .filter_map(|o| offer_between(state, seat, *o))
        .map(|o| opt(&o.to, format!("To {}: {}", state.who(o.to), terms(o.give, o.want))))
        .collect();
    asks.extend(
        one(Ask::new("withdraw_offer", "Withdraw an offer"), "to", "Offer", withdrawable).map(Ask::at_any_time),
    );
    asks
}

fn opt<T: Serialize>(v: &T, label: impl Into<String>) -> Opt {
    Opt::new(serde_json::to_value(v).expect("serializes"), label)
}

fn one(ask: Ask, name: &str, label: &str, options: Vec<Opt>) -> Option<Ask> {
    (!options.is_empty()).then(|| ask.param(name, label, Input::One { options }))
}

/// One ask whose single parameter is a whole candidate action, each
/// labelled in words (`labels`).
fn candidates_ask(
    state: &State,
    seat: Seat,
    verb: &str,
    label: &str,
    param: &str,
    actions: Vec<Action>,
) -> Option<Ask> {
    let options: Vec<Opt> = actions
        .iter()
        .map(|a| {
            let mut v = serde_json::to_value(a).expect("serializes");
            let mut inner = v.as_object_mut().and_then(|m| m.remove(param)).unwrap_or(serde_json::Value::Null);
            minimal(&mut inner);
            Opt::new(inner, crate::prompts::labels::label(state, seat, a))
        })
        .collect();
    one(Ask::new(verb, label), param, label, options)
}

/// A candidate's value as a player would write it: a free payment and
/// empty card choices left out where the action reads them as the default
/// (a card's, a deploy's and a move's payment is always written). The
/// rules read both forms the same; the stored action is the full one.
pub(crate) fn minimal(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::Object(m) => {
            let required = matches!(m.get("as").and_then(Value::as_str), Some("card" | "deploy" | "move"));
            let free = serde_json::json!({"energy": 0, "resources": 0});
            if !required && m.get("payment") == Some(&free) {
                m.remove("payment");
            }
            if m.get("choices") == Some(&serde_json::json!({})) {
                m.remove("choices");
            }
            m.values_mut().for_each(minimal);
        }
        Value::Array(a) => a.iter_mut().for_each(minimal),
        _ => {}
    }
}

fn units_opts(state: &State, seat: Seat, area: AreaId) -> Vec<Opt> {
    state
        .area(area)
        .units
        .iter()
        .filter(|u| u.owner == seat)
        .map(|u| opt(&u.uid, combat::unit_name(state, seat, u.kind)))
        .collect()
}

/// The rulebook step a prompt belongs to.
fn step_title(state: &State) -> &'static str {
    if let Some(crate::rules::choices::Owed::FreeDeploy { .. }) = crate::rules::choices::next(state) {
        return "Cleanup";
    }
    if state.battle.is_some() || state.attacks.is_some() {
        return "Combat";
    }
    match state.phase {
        Phase::SelectFactions { .. } => "Select Factions",
        Phase::SelectPlans { .. } => "Select Plans",
        Phase::SelectTargets { .. } => "Select Targets",
        Phase::PlaceTokens { .. } => "Place Action Tokens",
        Phase::TakeActions { .. } => "Take Actions",
        Phase::ScorePlans { .. } => "Score Plans",
        Phase::Start | Phase::Combat { .. } | Phase::Over { .. } => "Villains",
    }
}

/// Candidate plan scorings for `seat`: none; each plan alone with each set
/// of its objectives it may complete now (from the top down, or any subset
/// with the Church), paying discard objectives with its cheapest cards;
/// and every plan at its fullest at once.
fn plan_scorings(state: &State, seat: Seat) -> Vec<Action> {
    use crate::content::effect::Requirement;
    let any_order = crate::rules::standing::has(state, seat, &crate::content::effect::Ongoing::AnyOrderObjectives);
    let mut cheapest: Vec<crate::content::CardId> = state.players[seat as usize].hand.to_vec();
    cheapest.sort_by_key(|c| c.card().cost);
    let need = |plan: crate::content::PlanId, set: &[usize]| -> usize {
        set.iter()
            .flat_map(|i| plan.plan().objectives[*i].requires.iter())
            .map(|r| match r {
                Requirement::DiscardActionCards(n) => *n as usize,
                _ => 0,
            })
            .sum()
    };
    let mut out = vec![Action::ScorePlans { scores: vec![] }];
    let mut fullest: Vec<(crate::content::PlanId, Vec<usize>)> = Vec::new();
    for p in &state.players[seat as usize].plans {
        let objs = completable_objectives(state, seat, *p);
        if objs.is_empty() {
            continue;
        }
        let sets: Vec<Vec<usize>> = if any_order {
            (1..(1u32 << objs.len()))
                .map(|m| objs.iter().enumerate().filter(|(k, _)| m & (1 << k) != 0).map(|(_, i)| *i).collect())
                .collect()
        } else {
            (1..=objs.len()).map(|n| objs[..n].to_vec()).collect()
        };
        for set in &sets {
            let n = need(*p, set);
            if n <= cheapest.len() {
                out.push(Action::ScorePlans {
                    scores: vec![PlanScore { plan: *p, objectives: set.clone(), discards: cheapest[..n].to_vec() }],
                });
            }
        }
        fullest.push((*p, objs));
    }
    if fullest.len() > 1 {
        let mut left = cheapest.as_slice();
        let mut scores = Vec::new();
        for (p, set) in fullest {
            let n = need(p, &set);
            if n > left.len() {
                continue;
            }
            scores.push(PlanScore { plan: p, objectives: set, discards: left[..n].to_vec() });
            left = &left[n..];
        }
        out.push(Action::ScorePlans { scores });
    }
    out
}
