//! `boardgames serve`'s arguments (clap, behind the `clap` feature).

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;

/// Serve the five games as web pages: drawn, playable by clicking, each with its contest program.
///
/// Prints the URL once it accepts connections and serves until Ctrl-C. Everything a page
/// shows is in its URL; the server keeps nothing per visitor. Binds 127.0.0.1 unless told
/// otherwise.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080, value_parser = cli_args::whole_number_in(0u16, u16::MAX), allow_negative_numbers = true)]
    pub port: u16,

    /// The address or host name to listen on (`localhost`, for one); 0.0.0.0 lets other
    /// machines in.
    #[arg(long, value_name = "HOST", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST), value_parser = crate::resolve)]
    pub bind: IpAddr,

    /// Instead of serving, write the pictures of the home page as SVG files into DIR.
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
}
