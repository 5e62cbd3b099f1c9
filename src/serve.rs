//! `boardgames serve`: the games as web pages (the `web` crate), on a local port.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use anyhow::{Context, Result};

/// Serve the five games as web pages: drawn, playable by clicking, each with its contest program.
///
/// Prints the URL once it accepts connections and serves until Ctrl-C. Everything a page
/// shows is in its URL; the server keeps nothing per visitor. Binds 127.0.0.1 unless told
/// otherwise.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080, allow_negative_numbers = true)]
    port: u16,

    /// The address or host name to listen on (`localhost`, for one); 0.0.0.0 lets other
    /// machines in.
    #[arg(long, value_name = "HOST", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST), value_parser = web::resolve)]
    bind: IpAddr,

    /// Instead of serving, write the pictures of the home page as SVG files into DIR.
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<()> {
    if let Some(dir) = args.svg {
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        for (name, picture) in web::pictures() {
            let path = dir.join(name);
            std::fs::write(&path, picture)
                .with_context(|| format!("cannot write {}", path.display()))?;
            println!("{}", path.display());
        }
        return Ok(());
    }
    let addr = SocketAddr::new(args.bind, args.port);
    web::run(
        addr,
        |bound| println!("serving the games on http://{bound}/ (Ctrl-C stops)"),
        web::stop_signal(),
    )
    .with_context(|| format!("cannot serve on {addr}"))?;
    eprintln!("stopped");
    Ok(())
}
