//! `codebreak serve`: the local web UI (crate `codebreak-web`).

use clap::Args;

use crate::failure::Failure;

/// Arguments of `serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to bind (loopback only unless told otherwise).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
}

pub fn run(a: ServeArgs) -> Result<(), Failure> {
    Err(Failure::BadInput(anyhow::anyhow!(
        "the web UI is not built yet (asked for {}:{})",
        a.host,
        a.port
    )))
}
