//! Load benchmark: many concurrent games against the server on loopback.
//!
//! ```sh
//! cargo run --release -p codebreak-web --example load                 # in-process server
//! cargo run --release -p codebreak-web --example load -- --players 256 --games 10
//! cargo run --release -p codebreak-web --example load -- --url http://127.0.0.1:8080
//! ```
//!
//! Each player plays whole games of Mastermind (4 pegs, 6 colours) over HTTP/1.1 keep-alive:
//! `POST /api/play`, then `POST /api/play/{id}/guess` with the first code still consistent
//! with the answers (worked out by the client) until the game is over, then
//! `GET /api/play/{id}` once. Every request's latency is recorded; the run prints requests per
//! second and the latency percentiles. Only loopback addresses are accepted, the number of
//! games is bounded and the run stops by itself after `--seconds` (default 120).

use std::time::{Duration, Instant};

use codebreak_core::{Code, Game, GameSpec, Role};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};

type Http = Client<HttpConnector, Full<Bytes>>;

struct Options {
    players: usize,
    games: usize,
    seconds: u64,
    url: Option<String>,
}

fn options() -> Options {
    let mut o = Options {
        players: 64,
        games: 20,
        seconds: 120,
        url: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        let number = || {
            value.parse::<usize>().unwrap_or_else(|_| {
                eprintln!("load: {} needs a number, got {value:?}", args[i]);
                std::process::exit(2)
            })
        };
        match args[i].as_str() {
            "--players" => o.players = number().clamp(1, 4096),
            "--games" => o.games = number().clamp(1, 10_000),
            "--seconds" => o.seconds = number().clamp(1, 600) as u64,
            "--url" => o.url = Some(value.trim_end_matches('/').to_string()),
            other => {
                eprintln!(
                    "load: unknown option {other:?}: expected --players N, --games N, --seconds S, --url http://127.0.0.1:PORT"
                );
                std::process::exit(2)
            }
        }
        i += 2;
    }
    if let Some(url) = &o.url {
        let host = url
            .strip_prefix("http://")
            .unwrap_or("")
            .split(['/', ':'])
            .next()
            .unwrap_or("");
        let loopback = host == "localhost" || host.starts_with("127.") || url.contains("[::1]");
        if !loopback {
            eprintln!(
                "load: {url} is not a loopback address (http://127.0.0.1:PORT or http://localhost:PORT)"
            );
            std::process::exit(2);
        }
    }
    o
}

/// One request; returns the status, the JSON body and the latency.
async fn request(
    http: &Http,
    method: &str,
    url: &str,
    body: Option<&Value>,
) -> Result<(u16, Value, Duration), String> {
    let start = Instant::now();
    let mut req = hyper::Request::builder().method(method).uri(url);
    let bytes = match body {
        Some(v) => {
            req = req.header("content-type", "application/json");
            Bytes::from(v.to_string())
        }
        None => Bytes::new(),
    };
    let resp = http
        .request(req.body(Full::new(bytes)).map_err(|e| e.to_string())?)
        .await
        .map_err(|e| e.to_string())?;
    let status = resp.status().as_u16();
    let body = resp
        .into_body()
        .collect()
        .await
        .map_err(|e| e.to_string())?
        .to_bytes();
    let elapsed = start.elapsed();
    let v: Value = serde_json::from_slice(&body).map_err(|e| format!("not JSON: {e}"))?;
    Ok((status, v, elapsed))
}

#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    errors: usize,
    games: usize,
    won: usize,
    first_error: Option<String>,
}

impl Tally {
    fn error(&mut self, e: String) {
        self.errors += 1;
        self.first_error.get_or_insert(e);
    }
}

async fn player(
    http: Http,
    base: String,
    games: usize,
    deadline: Instant,
    codes: Vec<Code>,
) -> Tally {
    let game = Game::new(&GameSpec::mastermind(4, 6)).expect("a valid game");
    let mut t = Tally::default();
    for _ in 0..games {
        if Instant::now() > deadline {
            break;
        }
        let start = json!({"game": {"game": "mastermind", "pegs": 4, "colors": 6}});
        let (status, v, d) =
            match request(&http, "POST", &format!("{base}/api/play"), Some(&start)).await {
                Ok(r) => r,
                Err(e) => {
                    t.error(e);
                    continue;
                }
            };
        t.latencies.push(d);
        if status != 200 {
            t.error(format!("POST /api/play: {status} {v}"));
            continue;
        }
        let id = v["id"].as_str().unwrap_or_default().to_string();
        let mut candidates: Vec<&Code> = codes.iter().collect();
        loop {
            let guess = game.format_code(candidates[0]);
            let body = json!({"guess": guess});
            let r = request(
                &http,
                "POST",
                &format!("{base}/api/play/{id}/guess"),
                Some(&body),
            )
            .await;
            let (status, v, d) = match r {
                Ok(r) => r,
                Err(e) => {
                    t.error(e);
                    break;
                }
            };
            t.latencies.push(d);
            if status != 200 {
                t.error(format!("guess: {status} {v}"));
                break;
            }
            if v["over"] == true {
                t.games += 1;
                if v["won"] == true {
                    t.won += 1;
                }
                break;
            }
            let Ok(fb) = game.parse_feedback(v["move"]["feedback"].as_str().unwrap_or("")) else {
                t.error(format!("no feedback in {v}"));
                break;
            };
            let g = *candidates[0];
            candidates.retain(|c| game.score(c, &g) == fb);
            if candidates.is_empty() {
                t.error("the answers contradict each other".into());
                break;
            }
        }
        match request(&http, "GET", &format!("{base}/api/play/{id}"), None).await {
            Ok((200, _, d)) => t.latencies.push(d),
            Ok((s, v, _)) => t.error(format!("GET state: {s} {v}")),
            Err(e) => t.error(e),
        }
    }
    t
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

#[tokio::main]
async fn main() {
    let o = options();
    let base = match &o.url {
        Some(u) => u.clone(),
        None => {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("a loopback port");
            let addr = listener.local_addr().expect("an address");
            let limits = codebreak_web::Limits {
                sessions: (o.players * 2).max(1000),
                ..codebreak_web::Limits::default()
            };
            let config = codebreak_web::Config {
                limits,
                ..Default::default()
            };
            tokio::spawn(codebreak_web::serve(listener, config));
            format!("http://{addr}")
        }
    };
    let game = Game::new(&GameSpec::mastermind(4, 6)).expect("a valid game");
    let codes: Vec<Code> = game
        .space()
        .expect("a small game")
        .codes()
        .iter()
        .copied()
        .filter(|c| game.is_valid(c, Role::Secret))
        .collect();
    let http: Http = Client::builder(TokioExecutor::new())
        .pool_max_idle_per_host(o.players)
        .build_http();
    println!(
        "load: {} players × {} games of mastermind 4×6 against {base} (at most {} s)",
        o.players, o.games, o.seconds
    );
    let deadline = Instant::now() + Duration::from_secs(o.seconds);
    let start = Instant::now();
    let tasks: Vec<_> = (0..o.players)
        .map(|_| {
            tokio::spawn(player(
                http.clone(),
                base.clone(),
                o.games,
                deadline,
                codes.clone(),
            ))
        })
        .collect();
    let mut all = Tally::default();
    for t in tasks {
        let t = t.await.expect("a player task");
        all.latencies.extend(t.latencies);
        all.errors += t.errors;
        all.games += t.games;
        all.won += t.won;
        if all.first_error.is_none() {
            all.first_error = t.first_error;
        }
    }
    let wall = start.elapsed().as_secs_f64();
    all.latencies.sort();
    let n = all.latencies.len();
    println!(
        "games     {} finished ({} won), {} errors",
        all.games, all.won, all.errors
    );
    println!(
        "requests  {n} in {wall:.2} s = {:.0} requests/s ({:.0} games/s)",
        n as f64 / wall,
        all.games as f64 / wall
    );
    println!(
        "latency   p50 {}  p90 {}  p99 {}  max {}",
        ms(percentile(&all.latencies, 0.50)),
        ms(percentile(&all.latencies, 0.90)),
        ms(percentile(&all.latencies, 0.99)),
        ms(percentile(&all.latencies, 1.0)),
    );
    if let Some(e) = all.first_error {
        println!("first error: {e}");
        std::process::exit(1);
    }
}
