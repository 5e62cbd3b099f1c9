//! The tree's nodes: atomic statistics that threads share without a lock, in a pool of
//! blocks that grows as the tree does.

use std::sync::OnceLock;
use std::sync::atomic::Ordering::{Acquire, Relaxed};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, AtomicU32, AtomicU64, AtomicUsize};

/// Whether a node's position is proven, for the side that moved into it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Proof {
    #[default]
    Open,
    Won,
    Lost,
}

impl Proof {
    pub(super) fn code(self) -> u8 {
        match self {
            Proof::Open => 0,
            Proof::Won => 1,
            Proof::Lost => 2,
        }
    }

    pub(super) fn of(code: u8) -> Proof {
        match code {
            1 => Proof::Won,
            2 => Proof::Lost,
            _ => Proof::Open,
        }
    }
}

/// A node of the tree: the move that led to it and the statistics from the point of view of
/// the side that made that move. Threads share nodes: each field is atomic, and statistics
/// are read and written without a lock (two threads adding at once may lose one addition,
/// which statistics can bear); a node's children are published once, whole.
#[derive(Default)]
pub(super) struct Node {
    pub(super) cell: AtomicU16,
    pub(super) visits: AtomicU32,
    pub(super) wins: AtomicU32,
    pub(super) amaf_visits: AtomicU32,
    pub(super) amaf_wins: AtomicU32,
    /// The children: the first one's index times 2^16 plus their number (0: none yet).
    pub(super) span: AtomicU64,
    pub(super) proof: AtomicU8,
    /// Whether the knowledge has been asked about this node (by one thread).
    pub(super) asked: AtomicBool,
    /// Whether the network has given this node's children their priors (or a thread
    /// has taken that on).
    pub(super) guided: AtomicBool,
    /// Whether a thread has taken on giving this node its children.
    pub(super) expanding: AtomicBool,
    /// Whether the knowledge ruled this move out (its parent keeps the others).
    pub(super) pruned: AtomicBool,
    /// The prior of the move from the learned patterns (its share of its siblings' gammas),
    /// as f32 bits.
    pub(super) bias: AtomicU32,
    /// The captured cells the knowledge found here, as 1 + their index in [`Tree::fills`]
    /// (0: none).
    pub(super) fill: AtomicU32,
}

/// What a node holds at one moment, as plain numbers.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Stats {
    pub(super) cell: u16,
    pub(super) visits: u32,
    pub(super) wins: u32,
    pub(super) amaf_visits: u32,
    pub(super) amaf_wins: u32,
    pub(super) children: u16,
    pub(super) proof: Proof,
    pub(super) asked: bool,
    pub(super) guided: bool,
    pub(super) pruned: bool,
    pub(super) bias: f32,
}

/// An addition that may race with another thread's (see [`Node`]).
pub(super) fn add(counter: &AtomicU32, n: u32) {
    counter.store(counter.load(Relaxed).wrapping_add(n), Relaxed);
}

impl Node {
    pub(super) fn get(&self) -> Stats {
        let span = self.span.load(Acquire);
        Stats {
            cell: self.cell.load(Relaxed),
            visits: self.visits.load(Relaxed),
            wins: self.wins.load(Relaxed),
            amaf_visits: self.amaf_visits.load(Relaxed),
            amaf_wins: self.amaf_wins.load(Relaxed),
            children: span as u16,
            proof: self.proof(),
            asked: self.asked.load(Relaxed),
            guided: self.guided.load(Relaxed),
            pruned: self.pruned.load(Relaxed),
            bias: f32::from_bits(self.bias.load(Relaxed)),
        }
    }

    /// Sets the statistics and flags of `stats` (not the children, nor who expands them).
    pub(super) fn set(&self, stats: Stats) {
        self.cell.store(stats.cell, Relaxed);
        self.visits.store(stats.visits, Relaxed);
        self.wins.store(stats.wins, Relaxed);
        self.amaf_visits.store(stats.amaf_visits, Relaxed);
        self.amaf_wins.store(stats.amaf_wins, Relaxed);
        self.set_proof(stats.proof);
        self.asked.store(stats.asked, Relaxed);
        self.guided.store(stats.guided, Relaxed);
        self.pruned.store(stats.pruned, Relaxed);
        self.bias.store(stats.bias.to_bits(), Relaxed);
    }

    pub(super) fn proof(&self) -> Proof {
        Proof::of(self.proof.load(Relaxed))
    }

    pub(super) fn set_proof(&self, proof: Proof) {
        self.proof.store(proof.code(), Relaxed);
    }

    /// The range of the children (empty before they are published).
    pub(super) fn children(&self) -> std::ops::Range<usize> {
        let span = self.span.load(Acquire);
        let first = (span >> 16) as usize;
        first..first + usize::from(span as u16)
    }
}

/// The most nodes a tree may hold (about 40 bytes each); past it leaves stop expanding.
pub(super) const MAX_NODES: usize = 1 << 22;

/// Nodes are allocated in blocks of this many, as the tree grows.
pub(super) const BLOCK: usize = 1 << 16;

/// The nodes of a tree: blocks made as they are first needed, so that threads can add
/// nodes while others read, and an index stays put.
pub(super) struct NodePool {
    pub(super) blocks: Vec<OnceLock<Box<[Node]>>>,
    /// Nodes handed out so far.
    pub(super) len: AtomicUsize,
}

impl NodePool {
    pub(super) fn new() -> NodePool {
        NodePool {
            blocks: (0..MAX_NODES / BLOCK).map(|_| OnceLock::new()).collect(),
            len: AtomicUsize::new(0),
        }
    }

    /// `count` (at most [`BLOCK`]) new nodes in a row within one block (their first
    /// index), if the tree has room.
    pub(super) fn alloc(&self, count: usize) -> Option<usize> {
        let mut len = self.len.load(Relaxed);
        let first = loop {
            // A run that would cross into the next block starts there.
            let first = if len % BLOCK + count > BLOCK {
                len.next_multiple_of(BLOCK)
            } else {
                len
            };
            if first + count > MAX_NODES {
                return None;
            }
            match self
                .len
                .compare_exchange_weak(len, first + count, Relaxed, Relaxed)
            {
                Ok(_) => break first,
                Err(now) => len = now,
            }
        };
        self.blocks[first / BLOCK].get_or_init(|| (0..BLOCK).map(|_| Node::default()).collect());
        Some(first)
    }

    /// The block of node `at`, and where in it the node is.
    pub(super) fn block(&self, at: usize) -> (&[Node], usize) {
        let block = self.blocks[at / BLOCK]
            .get()
            .expect("a node handed out lies in a block made");
        (block, at % BLOCK)
    }

    /// The nodes `range` (within one block, as [`NodePool::alloc`] hands them out).
    pub(super) fn run(&self, range: std::ops::Range<usize>) -> &[Node] {
        if range.is_empty() {
            return &[];
        }
        let (block, start) = self.block(range.start);
        &block[start..start + range.len()]
    }
}

impl std::ops::Index<usize> for NodePool {
    type Output = Node;

    fn index(&self, at: usize) -> &Node {
        let (block, i) = self.block(at);
        &block[i]
    }
}
