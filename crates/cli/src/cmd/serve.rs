//! `codebreak serve`: the local web UI (crate `codebreak-web`).

use std::net::IpAddr;

use clap::Args;
use codebreak_web::{Config, Hosts, Log};

use crate::failure::{BadInput, Failure};

const EXAMPLES: &str = "\
Examples:
  codebreak serve                      # http://127.0.0.1:8080/
  codebreak serve --port 0             # any free port; the URL is printed
  codebreak serve --host 0.0.0.0       # reachable from other machines: mind who can reach it
  codebreak serve --host 0.0.0.0 --allow-host mybox.lan   # ... also by this name";

/// `--port`: a TCP port (0 lets the system choose).
const PORT: codebreak_core::Range = codebreak_core::Range {
    what: "port",
    min: 0,
    max: u16::MAX as u64,
    doc: "the TCP port to listen on",
};

/// Arguments of `serve`.
#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct ServeArgs {
    /// Address to bind (loopback only unless told otherwise).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080, allow_hyphen_values = true,
          value_parser = crate::args::ranged::<u16>(PORT))]
    pub port: u16,
    /// Also answer requests addressed to this host name (repeatable). The server answers
    /// only to localhost, 127.0.0.1 and ::1, the --host it is bound to and, bound to 0.0.0.0
    /// or ::, any IP address; other names are refused, against DNS rebinding.
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// A game file to offer in the page (repeatable); the page can also load
    /// self-contained game files itself.
    #[arg(long, value_name = "FILE")]
    pub game_file: Vec<std::path::PathBuf>,
    /// Do not log requests on standard error.
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(a: ServeArgs) -> Result<(), Failure> {
    let games = a
        .game_file
        .iter()
        .map(|f| crate::args::load_game_file(f, &[], false))
        .collect::<Result<Vec<_>, _>>()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::BadInput(anyhow::anyhow!("cannot start the server: {e}")))?;
    runtime.block_on(async {
        let listener = codebreak_web::bind(&a.host, a.port).await.bad_input()?;
        let addr = listener.local_addr()?;
        let host = match addr.ip() {
            IpAddr::V4(ip) if ip.is_unspecified() => "127.0.0.1".to_string(),
            IpAddr::V6(ip) if ip.is_unspecified() => "[::1]".to_string(),
            IpAddr::V6(ip) => format!("[{ip}]"),
            ip => ip.to_string(),
        };
        println!("codebreak UI at http://{host}:{}/ (Ctrl-C to stop)", addr.port());
        if !addr.ip().is_loopback() {
            eprintln!(
                "codebreak: listening on {addr}, not only on this machine: anyone who can reach it can use the UI"
            );
        }
        let mut hosts = Hosts::loopback();
        if a.host.parse::<IpAddr>().is_err() {
            hosts.allow(&a.host);
        }
        for name in &a.allow_host {
            hosts.allow(name);
        }
        let config = Config {
            log: (!a.quiet).then(Log::stderr),
            hosts,
            games,
            ..Config::default()
        };
        codebreak_web::serve(listener, config).await.bad_input()
    })
}
