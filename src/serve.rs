//! `boardgames serve`: the games as web pages (the `web` crate), on a local port.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, ToSocketAddrs};
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
    #[arg(long, default_value_t = 8080)]
    port: u16,

    /// The address or host name to listen on (`localhost`, for one); 0.0.0.0 lets other
    /// machines in.
    #[arg(long, value_name = "HOST", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST), value_parser = resolve)]
    bind: IpAddr,

    /// Instead of serving, write the pictures of the home page as SVG files into DIR.
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
}

/// An address as written, or the first address a host name resolves to (IPv4 first, as the
/// default is: a name such as `localhost` may resolve to both 127.0.0.1 and ::1).
fn resolve(host: &str) -> Result<IpAddr, String> {
    if let Ok(addr) = host.parse() {
        return Ok(addr);
    }
    let mut found: Vec<IpAddr> = (host, 0)
        .to_socket_addrs()
        .map_err(|err| format!("{host} resolves to no address ({err})"))?
        .map(|addr| addr.ip())
        .collect();
    found.sort_by_key(IpAddr::is_ipv6);
    found
        .first()
        .copied()
        .ok_or_else(|| format!("{host} resolves to no address"))
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
