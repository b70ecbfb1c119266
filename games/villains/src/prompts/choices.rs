//! What a seat is asked when it owes a choice after an effect
//! (`rules::choices`): sacrifices, discards, the Laboratory's card, Mr.
//! Fusion's next card, and the champions' owed choices.

use super::candidates::{card_choices, priced};
use super::options::{one, opt, units_opts};
use crate::action::Action;
use crate::action::{FusionCard, LabPlay};
use crate::rules::units;
use crate::state::Villains;
use crate::state::owed::Owed;
use backroom_engine::{Ask, Opt, Seat};

/// The choice `seat` owes now (`rules::choices`), asked.
pub(super) fn owed_asks(state: &Villains, seat: Seat, o: Owed) -> Vec<Ask> {
    let mut asks: Vec<Ask> = Vec::new();
    match o {
        crate::state::owed::Owed::Sacrifice { .. } => {
            let units = state
                .units_of(seat)
                .map(|(a, u)| opt(&u.uid, format!("{} in {}", units::unit_name(state, seat, u.kind), a.area().name)))
                .collect();
            asks.extend(one(Ask::new("sacrifice_unit", "Sacrifice a unit"), "unit", "Unit", units));
        }
        crate::state::owed::Owed::KeepFighting { .. } => {
            let o = vec![Opt::new(true, "Fight on"), Opt::new(false, "Enough")];
            asks.extend(one(Ask::new("keep_fighting", "To the death?"), "yes", "Fight on?", o));
        }
        crate::state::owed::Owed::LabCard { .. } => {
            asks.push(Ask::new("lab_draw", "Take the card into your hand"));
            let plays = lab_plays(state, seat);
            let label = "Play it for free in the Laboratory";
            match crate::prompts::composite::lab_ask(state, seat, &plays) {
                Some(ask) => asks.push(ask),
                // Not playable here: shown disabled with the rules' reason.
                None => asks.push(Ask::new("lab_paying", label).disabled_if(true, || lab_refusal(state, seat))),
            }
        }
        crate::state::owed::Owed::Fusion { .. } => {
            let plays = fusion_plays(state, seat);
            let unplayable = unplayable_fusion_cards(state, seat, &plays);
            asks.extend(crate::prompts::composite::fusion_ask(state, seat, &plays, unplayable));
            asks.push(Ask::new("fusion_stop", "Mr. Fusion: play no more cards"));
        }
        crate::state::owed::Owed::FreeDeploy { area, .. } => {
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
        crate::state::owed::Owed::ChampionAttack { from, .. } => {
            let name = &state.faction_of(seat).champion.name;
            let targets = crate::rules::choices::champion_targets(state, seat, from)
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
        crate::state::owed::Owed::CancelHit { .. } => {
            let o = [true, false]
                .into_iter()
                .map(|pay| {
                    let l = crate::prompts::labels::label(state, seat, &Action::CancelHit { pay });
                    opt(&pay, l)
                })
                .collect();
            asks.extend(one(Ask::new("cancel_hit", "Cancel the hit?"), "pay", "Pay?", o));
        }
        crate::state::owed::Owed::ChooseVictim { area, .. } => {
            let o = units::enemies_in(state, seat, area)
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
        crate::state::owed::Owed::SacrificeIn { area, .. } => {
            asks.extend(one(
                Ask::new("sacrifice_unit", format!("Sacrifice a unit in {}", area.area().name)),
                "unit",
                "Unit",
                units_opts(state, seat, area),
            ));
        }
        crate::state::owed::Owed::Discard { .. } => {
            let cards = state.players[seat as usize].hand.iter().map(|c| opt(c, c.card().name.clone())).collect();
            asks.extend(one(Ask::new("discard_card", "Discard a card"), "card", "Card", cards));
        }
    }
    asks
}

/// The Laboratory's revealed card's plays `seat` may make now, whole, each
/// priced by a trial (energy first): what its prompt asks step by step and
/// what the bot weighs.
pub(crate) fn lab_plays(state: &Villains, seat: Seat) -> Vec<Action> {
    let Some(crate::state::owed::Owed::LabCard { card, area, .. }) = crate::rules::choices::next(state) else {
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
pub(crate) fn fusion_plays(state: &Villains, seat: Seat) -> Vec<Action> {
    let Some(crate::state::owed::Owed::Fusion { area, .. }) = crate::rules::choices::next(state) else {
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
fn lab_refusal(state: &Villains, seat: Seat) -> String {
    let mut t = state.clone();
    t.quote = crate::state::Quote::asking(state, seat);
    let play = LabPlay { payment: crate::state::payment::Payment::QUOTE, choices: Default::default() };
    match crate::rules::apply_to(&mut t, seat, &Action::LabPlay { play }, &mut backroom_engine::GameRng::seeded(0)) {
        Err(e) => e.message,
        Ok(_) => "It cannot be played here now.".into(),
    }
}

/// The cards in hand (one per design) Mr. Fusion could play but no offered
/// play plays, each disabled with the rules' reason.
fn unplayable_fusion_cards(state: &Villains, seat: Seat, plays: &[Action]) -> Vec<Opt> {
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
            let play = FusionCard { card, payment: crate::state::payment::Payment::QUOTE, choices: Default::default() };
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
