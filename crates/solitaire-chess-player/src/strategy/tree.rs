//! Information-set Monte Carlo tree search: one tree over sequences of removals, each
//! iteration in a freshly sampled world (the hidden pieces drawn at random), UCB1 with
//! availability counts to pick among the removals legal in that world, a policy rollout to
//! the end, and the final score backed up.

use solitaire_chess::{Game, Square};

use super::decision::{Choice, Decision, Search};
use crate::policy::Policy;
use crate::rng::Rng;

/// One removal from a node: its statistics and the node it leads to, once expanded.
#[derive(Clone, Debug)]
struct Edge {
    square: Square,
    visits: u32,
    /// How often this removal was legal when its node was visited.
    available: u32,
    total: f64,
    child: Option<u32>,
}

/// The search tree; node 0 is the root.
#[derive(Clone, Debug)]
struct Tree {
    nodes: Vec<Vec<Edge>>,
    /// The exploration constant, in points of score.
    exploration: f64,
}

impl Tree {
    /// An empty tree.
    fn new(exploration: f64) -> Tree {
        Tree {
            nodes: vec![Vec::new()],
            exploration,
        }
    }

    /// One iteration in a sampled world whose current position is the root's.
    fn iterate(&mut self, mut world: Game, policy: &Policy, rng: &mut Rng) {
        let mut path: Vec<(u32, usize)> = Vec::new();
        let mut node = 0u32;
        loop {
            let legal = world.legal();
            if legal.is_empty() {
                break;
            }
            let edges = &mut self.nodes[node as usize];
            let mut fresh = None;
            let mut best = None;
            let mut best_value = f64::NEG_INFINITY;
            for square in legal.iter() {
                let index = match edges.iter().position(|e| e.square == square) {
                    Some(index) => index,
                    None => {
                        edges.push(Edge {
                            square,
                            visits: 0,
                            available: 0,
                            total: 0.0,
                            child: None,
                        });
                        edges.len() - 1
                    }
                };
                let edge = &mut edges[index];
                edge.available += 1;
                if edge.visits == 0 {
                    if fresh.is_none() {
                        fresh = Some(index);
                    }
                    continue;
                }
                let n = f64::from(edge.visits);
                let value =
                    edge.total / n + self.exploration * (f64::from(edge.available).ln() / n).sqrt();
                if value > best_value {
                    best_value = value;
                    best = Some(index);
                }
            }
            if let Some(index) = fresh {
                // A removal never tried here: try it, then roll out.
                world.play_unchecked(edges[index].square);
                path.push((node, index));
                break;
            }
            let Some(index) = best else { break };
            let edge = &mut edges[index];
            world.play_unchecked(edge.square);
            path.push((node, index));
            node = match edge.child {
                Some(child) => child,
                None => {
                    let child = self.nodes.len() as u32;
                    self.nodes[node as usize][index].child = Some(child);
                    self.nodes.push(Vec::new());
                    child
                }
            };
        }
        let reward = f64::from(policy.rollout(world, rng));
        for (node, index) in path {
            let edge = &mut self.nodes[node as usize][index];
            edge.visits += 1;
            edge.total += reward;
        }
    }

    /// The most visited removal from the root (ties: the better mean), if any was tried.
    fn best(&self) -> Option<Square> {
        self.nodes[0]
            .iter()
            .filter(|e| e.visits > 0)
            .max_by(|a, b| {
                (a.visits, a.total / f64::from(a.visits))
                    .partial_cmp(&(b.visits, b.total / f64::from(b.visits)))
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .map(|e| e.square)
    }
}

/// The tree search: as many iterations as the limits allow (their work is in worlds a
/// candidate), each in a freshly sampled world.
pub(crate) struct TreeSearch;

impl Search for TreeSearch {
    fn choose(&mut self, decision: &mut Decision<'_>) -> Option<Choice> {
        let mut tree = Tree::new(decision.config.exploration);
        let candidates = decision.candidates.len() as u64;
        let limits = decision
            .limits
            .with_work(decision.limits.work_limit().saturating_mul(candidates))
            .clock_every(8);
        let mut iterations = 0u64;
        while !limits.is_spent(iterations) {
            let world = decision.sample_world();
            tree.iterate(world, decision.policy, decision.rng);
            iterations += 1;
        }
        tree.best().map(|square| Choice {
            square,
            moves_left: None,
        })
    }
}
