//! START PHASE: every step is performed by all players at once.
//!
//! [`begin_turn`] runs the automatic steps (the Bankers' income, Reset
//! Energy, Draw Action Cards, drawing plans up to three) and opens Select
//! Plans; [`bottom_plan`] and [`select_target`] are the players' secret
//! choices; [`inside_job`] is the Mafia's look before it chooses last. The
//! Police's control ability is applied as targets are committed: its
//! controller learns each enemy target once both its own and that enemy's
//! are down.

use crate::content::CardId;
use crate::content::effect::Ongoing;
use crate::rules::setup::ACTION_DECK;
use crate::rules::standing;
use crate::state::{Phase, Villains};
use backroom_engine::{GameRng, Hidden, LogEntry, RuleError, Seat, SeatSet};

/// Plans a player holds after drawing in Select Plans.
pub const PLAN_HAND: usize = 3;

/// Rulebook step names, used in refusals.
pub mod step {
    /// S3.
    pub const SELECT_PLANS: &str = "Select Plans";
    /// S4.
    pub const SELECT_TARGETS: &str = "Select Targets";
    /// The Mafia's passive.
    pub const INSIDE_JOB: &str = "Inside Job";
}

/// Draws up to `n` action cards for `seat`: when the deck runs out the
/// discard pile is shuffled into a new deck; with both empty, draws stop.
/// Returns how many were drawn.
pub fn draw_cards(state: &mut Villains, seat: Seat, n: u8, rng: &mut GameRng) -> u8 {
    let mut drawn = 0;
    for _ in 0..n {
        if state.deck.is_empty() {
            if state.discards.is_empty() {
                break;
            }
            state.deck = std::mem::take(&mut state.discards);
            rng.shuffle_deck(ACTION_DECK, &mut state.deck);
        }
        let card = state.deck.remove(0);
        state.players[seat as usize].hand.push(card);
        drawn += 1;
    }
    drawn
}

/// Begins the START PHASE of `state.turn`: the Bankers' income (every turn,
/// the first included, before anything else), Reset Energy, Draw Action
/// Cards, then the plan draw up to three; opens Select Plans for those who
/// hold three (a player who cannot reach three keeps what it has).
///
/// # Panics
/// If the game is not at the start of a turn.
pub fn begin_turn(state: &mut Villains, rng: &mut GameRng) -> Vec<LogEntry> {
    assert_eq!(state.phase, Phase::Start, "begin_turn at the start of a turn");
    let mut log = vec![LogEntry::public(format!("Turn {} begins.", state.turn))];
    let order: Vec<Seat> = state.player_order().collect();
    for &seat in &order {
        let income = standing::resources_per_turn(state, seat);
        if income > 0 {
            state.players[seat as usize].resources += u16::from(income);
            log.push(LogEntry::public(format!(
                "{} {} ({}).",
                state.who_verb(seat, "gains", "gain"),
                backroom_engine::plural(income, "resource", "resources"),
                income_source(state, seat)
            )));
        }
    }
    for &seat in &order {
        let energy = standing::reset_energy(state, seat);
        state.players[seat as usize].energy = energy;
    }
    let energies: Vec<String> =
        order.iter().map(|s| format!("{} {}", state.who(*s), state.players[*s as usize].energy)).collect();
    log.push(LogEntry::public(format!("Reset Energy: {}.", backroom_engine::and_list(&energies))));
    for &seat in &order {
        let n = standing::card_draw(state, seat);
        let got = draw_cards(state, seat, n, rng);
        let names: Vec<&str> = state.players[seat as usize].hand
            [state.players[seat as usize].hand.len() - got as usize..]
            .iter()
            .map(|c| c.card().name.as_str())
            .collect();
        let public = format!(
            "{} {}.",
            state.who_verb(seat, "draws", "draw"),
            backroom_engine::plural(got, "action card", "action cards")
        );
        let private = if names.is_empty() {
            public.clone()
        } else {
            format!("{} {}.", state.who_verb(seat, "draws", "draw"), backroom_engine::and_list(&names))
        };
        log.push(LogEntry::split(SeatSet::only(seat), private, Some(public)));
    }
    let mut waiting = SeatSet::EMPTY;
    for &seat in &order {
        let who_verb = state.who_verb(seat, "draws", "draw");
        let p = &mut state.players[seat as usize];
        let want = PLAN_HAND.saturating_sub(p.plans.len()).min(p.plan_deck.len());
        let drawn: Vec<_> = p.plan_deck.drain(..want).collect();
        p.plans_bottomed = p.plans_bottomed.min(p.plan_deck.len() as u8);
        p.plans.extend(drawn.iter().copied());
        if p.plans.len() >= PLAN_HAND {
            waiting.insert(seat);
        }
        if !drawn.is_empty() {
            let names: Vec<&str> = drawn.iter().map(|d| d.plan().name.as_str()).collect();
            log.push(LogEntry::split(
                SeatSet::only(seat),
                format!("{} the plans {}.", who_verb, backroom_engine::and_list(&names)),
                Some(format!("{} {}.", who_verb, backroom_engine::plural(drawn.len() as i64, "plan", "plans"))),
            ));
        }
    }
    state.phase = Phase::SelectPlans { waiting };
    if waiting.is_empty() {
        open_select_targets(state, &mut log);
    }
    log
}

fn income_source(state: &Villains, seat: Seat) -> String {
    state
        .faction_of(seat)
        .passives
        .iter()
        .find(|p| p.ongoing.iter().any(|o| matches!(o, Ongoing::ResourcesPerTurn(_))))
        .map_or_else(|| "income".into(), |p| p.name.clone())
}

/// Select Plans: `seat` puts `plan` (one of its three) on the bottom of its
/// plan deck; once everyone has, Select Targets opens.
///
/// # Errors
/// Not this step, `seat` has nothing to choose, or `plan` is not in its
/// hand; the state is unchanged.
pub fn bottom_plan(state: &mut Villains, seat: Seat, plan: crate::content::PlanId) -> Result<Vec<LogEntry>, RuleError> {
    let Phase::SelectPlans { mut waiting } = state.phase else {
        return Err(RuleError::illegal(step::SELECT_PLANS, "Plans are selected in the Start Phase."));
    };
    if !waiting.contains(seat) {
        return Err(RuleError::not_your_turn(step::SELECT_PLANS, "You have no plan to put back."));
    }
    let p = &mut state.players[seat as usize];
    let Some(i) = p.plans.iter().position(|x| *x == plan) else {
        return Err(RuleError::illegal(step::SELECT_PLANS, "That plan is not in your hand."));
    };
    p.plans.remove(i);
    p.plan_deck.push(plan);
    p.plans_bottomed += 1;
    waiting.remove(seat);
    state.phase = Phase::SelectPlans { waiting };
    let mut log = vec![LogEntry::split(
        SeatSet::only(seat),
        format!("{} {} on the bottom of the plan deck.", state.who_verb(seat, "puts", "put"), plan.plan().name),
        Some(format!("{} a plan on the bottom of the plan deck.", state.who_verb(seat, "puts", "put"))),
    )];
    if waiting.is_empty() {
        open_select_targets(state, &mut log);
    }
    Ok(log)
}

fn open_select_targets(state: &mut Villains, log: &mut Vec<LogEntry>) {
    state.phase = Phase::SelectTargets { inside_job: None };
    log.push(LogEntry::public("Select Targets: each player puts one action card face down as their target."));
    finish_targets_if_done(state, log);
}

/// The seat playing a faction that chooses its target last (the Mafia).
pub(crate) fn last_chooser(state: &Villains) -> Option<Seat> {
    (0..state.seats)
        .find(|s| state.players[*s as usize].faction.is_some() && standing::has(state, *s, &Ongoing::TargetsLast))
}

/// Seats that still have to select a target and can (they hold a card).
pub fn target_waiting(state: &Villains) -> SeatSet {
    let mut w = SeatSet::EMPTY;
    if matches!(state.phase, Phase::SelectTargets { .. }) {
        for s in 0..state.seats {
            let p = &state.players[s as usize];
            if p.target.is_none() && !p.hand.is_empty() {
                w.insert(s);
            }
        }
    }
    w
}

/// Whether `seat` may commit its target now: the Mafia only once every
/// other player who can has.
pub fn may_select_target(state: &Villains, seat: Seat) -> bool {
    let w = target_waiting(state);
    w.contains(seat) && (Some(seat) != last_chooser(state) || w.len() == 1)
}

/// Inside Job: before choosing, the Mafia looks at one enemy's target (all
/// of them are shown to it at once when it controls the Police).
///
/// # Errors
/// Not the Mafia's moment, already used, or `enemy` has no target.
pub fn inside_job(state: &mut Villains, seat: Seat, enemy: Seat) -> Result<Vec<LogEntry>, RuleError> {
    let Phase::SelectTargets { inside_job: used } = state.phase else {
        return Err(RuleError::illegal(step::INSIDE_JOB, "Inside Job is used in Select Targets."));
    };
    if last_chooser(state) != Some(seat) || !may_select_target(state, seat) {
        return Err(RuleError::not_your_turn(step::INSIDE_JOB, "The Mafia looks once every other target is down."));
    }
    if used.is_some() {
        return Err(RuleError::illegal(step::INSIDE_JOB, "You have already looked at a target this turn."));
    }
    if enemy == seat || enemy >= state.seats {
        return Err(RuleError::illegal(step::INSIDE_JOB, "Choose an opponent's target."));
    }
    let Some(t) = state.players[enemy as usize].target.as_mut() else {
        return Err(RuleError::illegal(step::INSIDE_JOB, "That player has no target this turn."));
    };
    t.reveal_to(seat);
    let card = *t.rules_value();
    state.phase = Phase::SelectTargets { inside_job: Some(enemy) };
    Ok(vec![LogEntry::split(
        SeatSet::only(seat),
        format!("Inside Job: {} the target {}.", state.who_verb(enemy, "holds", "hold"), target_words(card)),
        Some(format!(
            "Inside Job: {} at the target {}.",
            state.who_verb(seat, "looks", "look"),
            state.who_verb(enemy, "holds", "hold")
        )),
    )])
}

fn target_words(card: CardId) -> String {
    match card.target() {
        Some(a) => format!("{} ({})", a.area().name, card.card().name),
        None => format!("no area ({})", card.card().name),
    }
}

/// Select Targets: `seat` puts `card` from its hand face down as its target.
/// The Police's controller learns targets as both are down; when the last
/// is in, the Main Phase begins.
///
/// # Errors
/// Not this step, already chosen, the Mafia before the others, or `card`
/// not in hand.
pub fn select_target(state: &mut Villains, seat: Seat, card: CardId) -> Result<Vec<LogEntry>, RuleError> {
    if !matches!(state.phase, Phase::SelectTargets { .. }) {
        return Err(RuleError::illegal(step::SELECT_TARGETS, "Targets are selected in the Start Phase."));
    }
    if !target_waiting(state).contains(seat) {
        return Err(RuleError::not_your_turn(step::SELECT_TARGETS, "You have no target to select."));
    }
    if !may_select_target(state, seat) {
        return Err(RuleError::not_your_turn(
            step::INSIDE_JOB,
            "The Mafia chooses its target after every other player.",
        ));
    }
    let p = &mut state.players[seat as usize];
    let Some(i) = p.hand.iter().position(|c| *c == card) else {
        return Err(RuleError::illegal(step::SELECT_TARGETS, "That card is not in your hand."));
    };
    p.hand.remove(i);
    p.target = Some(Hidden::known_to(card, SeatSet::only(seat)));
    let mut log = vec![LogEntry::split(
        SeatSet::only(seat),
        format!("{} the target: {}.", state.who_verb(seat, "selects", "select"), target_words(card)),
        Some(format!("{} a target.", state.who_verb(seat, "selects", "select"))),
    )];
    police_looks(state, &mut log);
    mafia_with_police_looks(state, &mut log);
    finish_targets_if_done(state, &mut log);
    Ok(log)
}

/// The Police's control ability: its controller, once its own target is
/// down, sees every enemy target that is down too.
fn police_looks(state: &mut Villains, log: &mut Vec<LogEntry>) {
    for watcher in 0..state.seats {
        if state.players[watcher as usize].target.is_none() || !standing::has(state, watcher, &Ongoing::SeeEnemyTargets)
        {
            continue;
        }
        for other in (0..state.seats).filter(|o| *o != watcher) {
            let holds = state.who_verb(other, "holds", "hold");
            if let Some(t) = state.players[other as usize].target.as_mut()
                && !t.known_by().contains(watcher)
            {
                t.reveal_to(watcher);
                log.push(LogEntry::split(
                    SeatSet::only(watcher),
                    format!("The Police: {holds} the target {}.", target_words(*t.rules_value())),
                    None,
                ));
            }
        }
    }
}

/// Inside Job with the Police: the Mafia sees every enemy target before
/// choosing.
fn mafia_with_police_looks(state: &mut Villains, log: &mut Vec<LogEntry>) {
    let Some(mafia) = last_chooser(state) else {
        return;
    };
    if !may_select_target(state, mafia) {
        return;
    }
    let peek_all = standing::rules_of(state, mafia).iter().any(|r| {
        matches!(r, Ongoing::PeekEnemyTargets { all_if_controls: Some(a), .. }
            if crate::content::content().area_id(a).is_some_and(|a| state.controller(a) == Some(mafia)))
    });
    if !peek_all {
        return;
    }
    for other in (0..state.seats).filter(|o| *o != mafia) {
        let holds = state.who_verb(other, "holds", "hold");
        if let Some(t) = state.players[other as usize].target.as_mut()
            && !t.known_by().contains(mafia)
        {
            t.reveal_to(mafia);
            log.push(LogEntry::split(
                SeatSet::only(mafia),
                format!("Inside Job: {holds} the target {}.", target_words(*t.rules_value())),
                None,
            ));
        }
    }
}

fn finish_targets_if_done(state: &mut Villains, log: &mut Vec<LogEntry>) {
    if target_waiting(state).is_empty() {
        let first = state.first_player;
        state.phase = Phase::PlaceTokens { current: first };
        for p in &mut state.players {
            p.passed = false;
        }
        log.push(LogEntry::public(format!("Main Phase: Place Action Tokens, {} first.", state.who(first))));
        crate::rules::place_action_tokens::skip_unable(state, log);
    }
}
