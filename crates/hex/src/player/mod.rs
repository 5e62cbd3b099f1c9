//! The player: one [`Player`] owns the choice of a move (opening book, endgame solver, Monte
//! Carlo tree search, swap and resignation) with its budget and settings, and keeps its
//! search tree and its solver's table from one move to the next. GTP's `genmove`, the web
//! page, `hex selfplay` and the arena's built-in engine all ask it; its parameters are one
//! table ([`params`]) that the command line, `param_player` and the page read.
//!
//! ```
//! use hex::game::{Color, Game, Move, Cell};
//! use hex::player::{Config, Player};
//!
//! let mut config = Config::default();
//! config.set("playouts", "2000").unwrap();
//! config.set("threads", "1").unwrap();
//! let mut player = Player::new(config).unwrap();
//! let mut game = Game::new(5).unwrap();
//! game.play(Color::Black, Move::Play(Cell::parse("c3", 5).unwrap())).unwrap();
//! let reply = player.choose(&game, Color::White).unwrap();
//! assert!(matches!(reply, Move::Play(p) if game.get(p).is_none()));
//! ```

pub mod book;
pub mod building;
pub mod clock;
pub mod convolution;
pub mod network;
pub mod params;
pub mod patterns;
pub(crate) mod search;
mod solving;

use std::borrow::Cow;
use std::time::Duration;

use crate::game::{Cell, Color, Game, Move};
use crate::position::Position;
use crate::solver::{Limits as SolverLimits, MAX_SOLVER_SIZE, Outcome, Proof, Solver, SolverError};
use book::OpeningBook;

pub use clock::{Clock, Plan};
pub use params::{Config, PARAMS, Param, ParamError};
pub use search::{
    Budget, Evaluation, Halt, KNOWLEDGE_AFTER, Reuse, Search, Settings, analyse, never, priors,
};
pub use solving::{DFPN_PARAMS, DfpnSettings, ENDGAME_EMPTY, ENDGAME_MILLIS};

/// Why the player cannot search a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoSearch {
    /// Someone has won.
    #[error("the game is over")]
    Over,
    /// No cell is empty.
    #[error("the board is full")]
    Full,
}

/// The player resigns when its chance of winning is below this after at least
/// [`RESIGN_AFTER`] simulations.
pub const RESIGN_BELOW: f64 = 0.02;
/// The simulations the player needs before it may resign.
pub const RESIGN_AFTER: u64 = 2000;

/// The player: its parameters, its opening book, and the search and solver it keeps.
#[derive(Debug)]
pub struct Player {
    config: Config,
    search: Search,
    book: Cow<'static, OpeningBook>,
    dfpn: DfpnSettings,
    /// Made at the first question for the solver and kept, with its table, for the next
    /// (`dfpn-solve-state` and the endgame of [`Player::choose`] alike).
    solver: Option<Solver>,
    /// The analysis of the search behind the last move chosen; none when the solver or the
    /// book chose it.
    last: Option<Evaluation>,
}

impl Default for Player {
    /// The player with the default parameters and the built-in opening books.
    fn default() -> Player {
        Player {
            config: Config::default(),
            search: Search::default(),
            book: Cow::Borrowed(OpeningBook::built_in()),
            dfpn: DfpnSettings::default(),
            solver: None,
            last: None,
        }
    }
}

/// Why a player could not take its parameters.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// A parameter's name or value.
    #[error(transparent)]
    Param(#[from] ParamError),
    /// The opening book it names cannot be read (the file, or the line and column, and why).
    #[error(transparent)]
    Book(#[from] book::BookError),
}

impl Player {
    /// A player with `config`: its opening book is read here when it names a file.
    pub fn new(config: Config) -> Result<Player, PlayerError> {
        let mut player = Player::default();
        player.configure(config)?;
        Ok(player)
    }

    /// The player's parameters.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Takes `config`, reading its opening book when it names another file.
    pub fn configure(&mut self, config: Config) -> Result<(), PlayerError> {
        if config.book_file != self.config.book_file {
            self.book = match &config.book_file {
                None => Cow::Borrowed(OpeningBook::built_in()),
                Some(path) => Cow::Owned(book::read(path)?),
            };
        }
        self.search.reuse = config.reuse;
        self.config = config;
        Ok(())
    }

    /// Sets one parameter (as `param_player NAME VALUE` does).
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), PlayerError> {
        let mut config = self.config.clone();
        config.set(name, value)?;
        self.configure(config)
    }

    /// The solver's settings (`param_dfpn`), the endgame's among them.
    pub fn dfpn(&self) -> &DfpnSettings {
        &self.dfpn
    }

    /// The solver's settings, to change.
    pub fn dfpn_mut(&mut self) -> &mut DfpnSettings {
        &mut self.dfpn
    }

    /// The move for `color` in `game`: the endgame solver's winning move when it finds one,
    /// else the book's, else the search's; `swap-pieces` when swapping is allowed and Black's
    /// first stone looks better than any answer, `resign` when the search sees no chance.
    /// Rectangles are played as squares are, without the book and the swap (square boards
    /// only).
    pub fn choose(&mut self, game: &Game, color: Color) -> Result<Move, NoSearch> {
        self.choose_within(game, color, None, &never)
    }

    /// As [`Player::choose`], within the game clock's `plan` for the move (see
    /// [`Config::budget_within`]; the endgame solver takes at most half its share), and
    /// stopped at once when `halt` says so, with the best move found so far.
    pub fn choose_within(
        &mut self,
        game: &Game,
        color: Color,
        plan: Option<Plan>,
        halt: &Halt<'_>,
    ) -> Result<Move, NoSearch> {
        self.last = None;
        if let Some(mv) = self.endgame(game, color, plan) {
            return Ok(mv);
        }
        if self.config.opening_book
            && !game.can_swap(color)
            && let Some(point) = self.book.reply(game, color)
        {
            return Ok(Move::Play(point));
        }
        let analysis = self.search(game, color, self.config.budget_within(plan), halt)?;
        let analysis = self.last.insert(analysis);
        if game.can_swap(color) && analysis.win_rate < 0.5 {
            return Ok(Move::Swap);
        }
        if analysis.win_rate < RESIGN_BELOW && analysis.playouts >= RESIGN_AFTER {
            return Ok(Move::Resign);
        }
        Ok(analysis.best)
    }

    /// The analysis of the search that chose the last move [`Player::choose`] gave (each
    /// move's visits and value: what self-play records learn from); none when the endgame
    /// solver or the opening book chose it.
    pub fn last_search(&self) -> Option<&Evaluation> {
        self.last.as_ref()
    }

    /// The search's analysis of `game` for `color`, within the player's budget.
    pub fn analyse(&mut self, game: &Game, color: Color) -> Result<Evaluation, NoSearch> {
        self.search(game, color, self.config.budget(), &never)
    }

    /// Searches `game` for `color` (the opponent of the side that just moved) until `halt`
    /// says to stop, keeping the tree for the next move: pondering in the opponent's time.
    /// Nothing is searched when the tree is not kept (`reuse` off) or the game is over. The
    /// simulations run.
    pub fn ponder(&mut self, game: &Game, color: Color, halt: &Halt<'_>) -> u64 {
        if self.config.reuse == Reuse::Off {
            return 0;
        }
        let budget = Budget {
            time: None,
            playouts: None,
            plan: None,
            ..self.config.budget()
        };
        self.search(game, color, budget, halt)
            .map_or(0, |analysis| analysis.playouts)
    }

    fn search(
        &mut self,
        game: &Game,
        color: Color,
        budget: Budget,
        halt: &Halt<'_>,
    ) -> Result<Evaluation, NoSearch> {
        if game.winner().is_some() {
            return Err(NoSearch::Over);
        }
        if game.empty_points().next().is_none() {
            return Err(NoSearch::Full);
        }
        Ok(self
            .search
            .analyse_until(game, color, budget, self.config.settings, halt))
    }

    /// The solver's winning move for `color`, when the endgame is on, few cells are empty and
    /// it finds a proof within the endgame's time (a proven loss is left to the search).
    fn endgame(&mut self, game: &Game, color: Color, plan: Option<Plan>) -> Option<Move> {
        let d = self.dfpn;
        if !d.endgame
            || game.winner().is_some()
            || game.can_swap(color)
            || game.rows().max(game.cols()) > MAX_SOLVER_SIZE
            || game.empty_points().count() > d.endgame_empty
        {
            return None;
        }
        let time = plan.map_or(d.endgame_time, |plan| d.endgame_time.min(plan.share / 2));
        match self.solve(game, color, Some(time)) {
            Ok(Outcome::Proven(Proof {
                winner,
                best: Some(cell),
                ..
            })) if winner == color => Some(Move::Play(cell)),
            _ => None,
        }
    }

    /// The kept solver, within `limits`.
    fn solver(&mut self, limits: SolverLimits) -> &mut Solver {
        let solver = self.solver.get_or_insert_with(|| {
            // The player's answers never show a proof's size: not counting it saves time.
            let mut solver = Solver::new(limits);
            solver.count_proofs(false);
            solver
        });
        solver.set_limits(limits);
        solver.set_threads(self.dfpn.threads);
        solver
    }

    /// The solver kept from the last question, if one was asked.
    pub fn kept_solver(&mut self) -> Option<&mut Solver> {
        self.solver.as_mut()
    }

    /// Plays from `book` instead of the built-in opening books (and of `book_file`).
    pub fn set_book(&mut self, book: OpeningBook) {
        self.book = Cow::Owned(book);
    }

    /// Forgets the solver's table.
    pub fn clear_solver(&mut self) {
        if let Some(solver) = &mut self.solver {
            solver.clear_table();
        }
    }

    /// Solves `game`'s position with `color` to move, within `time`, with the kept solver.
    pub fn solve(
        &mut self,
        game: &Game,
        color: Color,
        time: Option<Duration>,
    ) -> Result<Outcome, SolverError> {
        let limits = self.dfpn.limits(time);
        let position = Position::of_game(game).with_to_move(color);
        self.solver(limits).solve(&position)
    }

    /// Every winning move of `color` in `game`, each proven within `param_dfpn`'s limits by
    /// the kept solver; `None` when the limits end the search first.
    pub fn winning_moves(
        &mut self,
        game: &Game,
        color: Color,
    ) -> Result<Option<Vec<Cell>>, SolverError> {
        let limits = self.dfpn.limits(self.dfpn.time);
        let position = Position::of_game(game).with_to_move(color);
        self.solver(limits).winning_moves(&position)
    }

    /// The principal variation the kept solver's table holds for `game`, `color` to move.
    pub fn variation(&mut self, game: &Game, color: Color) -> Result<Vec<Cell>, SolverError> {
        let limits = self.dfpn.limits(self.dfpn.time);
        let position = Position::of_game(game).with_to_move(color);
        self.solver(limits).variation(&position)
    }
}
