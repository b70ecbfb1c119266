//! The helpers every rulebook section leans on: how a step answers
//! ([`Lines`]), how a character, a phase, a piece and an edge are named in
//! a message, and the activation limits (actions taken, one move, each
//! token once) that the prompts ask through the same predicates the rules
//! apply. They sit below the sections so that a section never imports
//! another only for a name.

use crate::content::{Condition, HolderRule, TokenMode};
use crate::geometry::{Disc, dist_discs, within};
use crate::rules::movement::Mover;
use crate::state::{Activation, Crisis, Edge, Phase};
use backroom_engine::{LogEntry, RuleError, Seat, seat_ref};

/// What an action wrote, or why it was refused.
pub type Lines = Result<Vec<LogEntry>, RuleError>;

/// "Bulwark ({seat:0})".
pub fn model_name(g: &Crisis, m: usize) -> String {
    let x = &g.models[m];
    format!("{} ({})", x.card().name, seat_ref(x.owner))
}

/// The phase as the refusals name it.
pub fn phase_words(p: Phase) -> &'static str {
    match p {
        Phase::Rosters => "the roster step",
        Phase::Battlefield => "the battlefield agreement",
        Phase::DeckChoice => "the deck choice",
        Phase::ThreatChoice => "the Maximum Threat choice",
        Phase::EdgeChoice => "the edge choice",
        Phase::MissionSetup => "mission setup",
        Phase::SquadBuild => "squad building",
        Phase::Deployment => "deployment",
        Phase::Leadership => "the leadership choice",
        Phase::Activation => "the Activation phase",
        Phase::Over => "its end",
    }
}

/// Why the active character can't take an action now, if it can't.
pub fn action_refusal(g: &Crisis, a: &Activation, shake: bool) -> Option<String> {
    let name = &g.models[a.model].card().name;
    if a.actions >= 2 + a.extra_actions {
        let extra = if a.extra_actions > 0 {
            format!(" (with {} more from Adrenaline)", a.extra_actions)
        } else {
            String::new()
        };
        return Some(format!(
            "{name} has taken {} actions: a character takes at most two actions per activation{extra}",
            a.actions
        ));
    }
    if !shake && a.actions == 0 && g.models[a.model].has(Condition::Stagger) {
        return Some(format!("{name} is Staggered: its first action must be a Shake removing Stagger"));
    }
    None
}

/// Calls `f` with the active model as a mover.
pub fn with_mover<R>(g: &Crisis, m: usize, f: impl FnOnce(&Mover<'_>) -> R) -> R {
    let geo = g.geo();
    let model = &g.models[m];
    let others = g.other_discs(m);
    let holder_rules: Vec<HolderRule> =
        g.held_by(m).flat_map(|t| g.crisis_card(g.tokens[t].crisis).holder_rules.iter().copied()).collect();
    let mover = Mover {
        disc: model.disc(geo),
        size: model.size(),
        flies: model.flies(),
        speed: model.card().sides.healthy.speed,
        slow: model.has(Condition::Slow),
        no_long: holder_rules.contains(&HolderRule::NoLongTool),
        on: g.on(m),
        others: &others,
        pieces: g.pieces(),
    };
    f(&mover)
}

/// Why the active character can't move now, if it can't.
pub fn move_refusal(g: &Crisis, a: &Activation) -> Option<String> {
    if let Some(r) = action_refusal(g, a, false) {
        return Some(r);
    }
    move_limit(g, a).map(str::to_string)
}

/// A holder's limit of one move action per activation, once reached
/// (Shard Recovery; "can't" beats "can").
pub fn move_limit(g: &Crisis, a: &Activation) -> Option<&'static str> {
    let one_move = g
        .held_by(a.model)
        .any(|t| g.crisis_card(g.tokens[t].crisis).holder_rules.contains(&HolderRule::OneMovePerActivation));
    (one_move && a.moves >= 1).then_some(
        "it has moved, and a character holding this crisis's token makes only one move action per activation",
    )
}

/// A seat's edge (South before the choice).
pub fn edge_of(g: &Crisis, seat: Seat) -> Edge {
    g.edges.map_or(Edge::South, |e| e[usize::from(seat)])
}

/// The content name of piece `i`.
pub fn piece_name(g: &Crisis, i: usize) -> String {
    g.terrain_spec().get(i).map_or_else(|| "terrain".into(), |p| p.name.to_lowercase())
}

/// Why the active model can't interact with token `t`, if it can't.
pub fn interact_refusal(g: &Crisis, a: &Activation, t: usize) -> Option<String> {
    let Some(tok) = g.tokens.get(t) else { return Some(format!("there is no token {t}")) };
    let m = &g.models[a.model];
    let geo = g.geo();
    let card = g.crisis_card(tok.crisis);
    let token = format!("{} token {}", card.name, tok.index + 1);
    if card.token_mode == TokenMode::Secure {
        return Some(format!("{}'s tokens are secured by contesting them, not interacted with", card.name));
    }
    if a.interacted.contains(&t) {
        return Some(format!(
            "{} has interacted with {token} this activation: a character interacts with each token at most once per activation",
            m.card().name
        ));
    }
    if m.power < 1 {
        return Some(format!("interacting costs 1 power; {} has 0", m.card().name));
    }
    let disc = Disc { c: g.token_pos(t), r: geo.token_diameter / 2.0 };
    let d = dist_discs(m.disc(geo), disc);
    let reach = a.interact_range.max(1);
    if !within(geo, d, reach) {
        return Some(format!(
            "{token} is {d:.1}\" from {}, beyond R{reach}: a character interacts with a token within R{reach}",
            m.card().name
        ));
    }
    match card.token_mode {
        TokenMode::Control if tok.control == Some(m.owner) => Some(format!("you already control {token}")),
        TokenMode::PickUp if tok.holder.is_some() => {
            Some(format!("{token} is held by {}", tok.holder.map_or("", |h| g.models[h].card().name.as_str())))
        }
        TokenMode::PickUp
            if card.carry.is_some_and(|c| {
                g.held_by(a.model).filter(|x| g.tokens[*x].crisis == tok.crisis).count() >= usize::from(c)
            }) =>
        {
            Some(format!(
                "{} holds as many {} tokens as it may ({})",
                m.card().name,
                card.name,
                card.carry.unwrap_or(0)
            ))
        }
        _ => None,
    }
}
