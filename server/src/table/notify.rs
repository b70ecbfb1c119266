//! The lobby's webhook: called when the table starts waiting on someone
//! who is away (no open connection and no bot standing in), once per wait.
//! What it says is public: the game and the names awaited.

use super::*;

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
        let new: Vec<&str> = away.iter().filter(|p| p.seat.is_some_and(|s| !self.webhook_told.contains(s))).map(|p| p.name.as_str()).collect();
        let text = (!new.is_empty()).then(|| format!("{}: the table is waiting on {}.", self.game.info().name, backroom_engine::and_list(&new)));
        self.webhook_told = now;
        if let Some(text) = text {
            crate::webhook::notify(url, text, self.ctx.cfg.allow_private_webhooks);
        }
    }
}
