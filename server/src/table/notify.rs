//! The lobby's webhook: called when the table starts waiting on someone
//! who is away (no open connection and no bot standing in), once per wait,
//! and once when the match ends. What it says is public: the game, the
//! names awaited, the result.

use super::Table;
use crate::store::PlayerRow;
use backroom_engine::SeatSet;
use uuid::Uuid;

impl Table {
    /// Calls the webhook for the people the table now waits on who are
    /// away and were not already told of in the current wait.
    pub(super) fn notify_away(&mut self) {
        let Some(url) = self.lobby.webhook_url.clone() else { return };
        let Some(live) = &self.live else { return };
        let awaited = if live.over { SeatSet::EMPTY } else { live.state.pending().awaited() };
        let here: Vec<Uuid> = self.conns.values().filter_map(|c| c.player).collect();
        let away: Vec<&PlayerRow> = self
            .players
            .iter()
            .filter(|p| !p.bot && !p.stand_in && !here.contains(&p.id) && p.seat.is_some_and(|s| awaited.contains(s)))
            .collect();
        let now: SeatSet = away.iter().filter_map(|p| p.seat).collect();
        let new: Vec<&str> = away
            .iter()
            .filter(|p| p.seat.is_some_and(|s| !self.webhook_told.contains(s)))
            .map(|p| p.name.as_str())
            .collect();
        let text = (!new.is_empty()).then(|| {
            format!("{}: the table is waiting on {}.", self.game.info().name, backroom_engine::and_list(&new))
        });
        self.webhook_told = now;
        if let Some(text) = text {
            crate::webhook::notify(url, text, self.ctx.cfg.allow_private_webhooks);
        }
    }

    /// Calls the webhook once the match has ended, with its result in the
    /// table's names (a game that beat the players is said to have won).
    pub(super) fn notify_over(&self, outcome: &backroom_engine::Outcome) {
        let Some(url) = self.lobby.webhook_url.clone() else { return };
        let seats = self.players.iter().filter_map(|p| p.seat).max().map_or(0, |s| usize::from(s) + 1);
        let mut names = vec![String::new(); seats];
        for p in &self.players {
            if let Some(s) = p.seat {
                names[usize::from(s)].clone_from(&p.name);
            }
        }
        let summary = backroom_engine::render_names(&outcome.summary, &names, None);
        let result = match &outcome.game_winner {
            Some(w) => format!(" {w} won; nobody at the table did."),
            None => String::new(),
        };
        let text = format!("{}: the match is over. {summary}{result}", self.game.info().name);
        crate::webhook::notify(url, text, self.ctx.cfg.allow_private_webhooks);
    }
}
