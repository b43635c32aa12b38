//! Who may talk to the server: the `Host` check (against DNS rebinding) and the `Origin` check
//! (against other web pages), applied to every request before routing.
//!
//! A page on another site can make the browser send requests to `127.0.0.1`; it cannot read
//! the answers, but it could start sessions and jobs. Three defences together stop it:
//! - JSON bodies must be declared `application/json` ([`crate::body`]), which a cross-site
//!   "simple" request cannot do without a CORS preflight, and the server answers no preflight;
//! - a request whose `Origin` header is present on a mutating method must come from the
//!   server's own origin;
//! - a request whose `Host` header names anything but the server itself is refused, so that a
//!   hostile name re-pointed at 127.0.0.1 (DNS rebinding) cannot make itself the same origin.
//!
//! Names are compared without the port, so that the page still works through a port forward
//! (`ssh -L 9000:127.0.0.1:8080`); the port cannot be rebound by DNS anyway.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use codebreak_core::error::quote;

use crate::api::AppState;
use crate::error::ApiError;

/// The `Host` names the server answers to: always `localhost`, `127.0.0.1` and `[::1]`, plus
/// the names added for a server bound to another address.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hosts {
    /// Extra names (lowercase, IPv6 addresses in brackets, no port).
    names: Vec<String>,
    /// Whether any IP address is accepted as a name (a server bound to `0.0.0.0` or `::`,
    /// reached by whatever address the network gives it). Rebinding needs a DNS name, so IP
    /// addresses are safe to accept.
    any_ip: bool,
}

/// The loopback names every server answers to.
const LOOPBACK: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

impl Hosts {
    /// Only the loopback names.
    pub fn loopback() -> Hosts {
        Hosts::default()
    }

    /// Also accepts `name`: a host name or an IP address (IPv6 with or without brackets).
    pub fn allow(&mut self, name: &str) {
        let name = normalise(name);
        if !name.is_empty() && !self.accepts(&name) {
            self.names.push(name);
        }
    }

    /// Also accepts the address the server is bound to: itself when it is not a loopback
    /// address, and any IP address when it is the unspecified one (`0.0.0.0`, `::`).
    pub fn bound_to(&mut self, addr: SocketAddr) {
        let ip = addr.ip();
        if ip.is_unspecified() {
            self.any_ip = true;
        } else if !ip.is_loopback() {
            self.allow(&ip.to_string());
        }
    }

    /// Whether a `Host` name (without port, normalised) is one of the server's.
    fn accepts(&self, name: &str) -> bool {
        LOOPBACK.contains(&name)
            || self.names.iter().any(|n| n == name)
            || (self.any_ip && parse_ip(name).is_some())
    }

    /// The names accepted, for messages.
    fn describe(&self) -> String {
        let mut all: Vec<&str> = LOOPBACK.to_vec();
        all.extend(self.names.iter().map(String::as_str));
        let mut text = all.join(", ");
        if self.any_ip {
            text.push_str(" or any IP address of this machine");
        }
        text
    }
}

/// Lowercase, IPv6 in brackets.
fn normalise(name: &str) -> String {
    let name = name.trim().to_ascii_lowercase();
    match name.parse::<IpAddr>() {
        Ok(IpAddr::V6(ip)) => format!("[{ip}]"),
        Ok(ip) => ip.to_string(),
        Err(_) => name,
    }
}

fn parse_ip(name: &str) -> Option<IpAddr> {
    name.trim_start_matches('[')
        .trim_end_matches(']')
        .parse()
        .ok()
}

/// Splits `host[:port]` (`[v6]:port` for IPv6) into the normalised name.
fn host_name(value: &str) -> String {
    let value = value.trim();
    let name = if let Some(rest) = value.strip_prefix('[') {
        match rest.find(']') {
            Some(end) => &value[..end + 2],
            None => value,
        }
    } else {
        match value.rsplit_once(':') {
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
            _ => value,
        }
    };
    let name = name.to_ascii_lowercase();
    match parse_ip(&name) {
        Some(IpAddr::V6(ip)) if name.starts_with('[') => format!("[{ip}]"),
        Some(IpAddr::V4(ip)) => ip.to_string(),
        _ => name,
    }
}

/// Checks a request's `Host` and, for mutating methods, its `Origin`.
pub fn check(hosts: &Hosts, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(host) = headers.get(HOST) else {
        return Err(ApiError::BadRequest(format!(
            "the request has no Host header: expected one of {}",
            hosts.describe()
        )));
    };
    let host = host.to_str().unwrap_or("(not text)");
    let name = host_name(host);
    if !hosts.accepts(&name) {
        return Err(ApiError::Forbidden(format!(
            "host {} is not this server: expected one of {} (open the page by the address codebreak serve printed)",
            quote(host),
            hosts.describe()
        )));
    }
    let safe = matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    if !safe && let Some(origin) = headers.get(ORIGIN) {
        let origin = origin.to_str().unwrap_or("(not text)");
        let lower = origin.trim().to_ascii_lowercase();
        let host = host.trim().to_ascii_lowercase();
        let own = lower == format!("http://{host}") || lower == format!("https://{host}");
        if !own {
            return Err(ApiError::Forbidden(format!(
                "requests from origin {} are refused: only this server's own page (http://{host}) may change its state",
                quote(origin)
            )));
        }
    }
    Ok(())
}

/// The middleware: refuses requests from elsewhere before they reach a route.
pub async fn guard(State(state): State<AppState>, req: Request, next: Next) -> Response {
    match check(state.hosts(), req.method(), req.headers()) {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(host: Option<&str>, origin: Option<&str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        if let Some(v) = host {
            h.insert(HOST, HeaderValue::from_str(v).unwrap());
        }
        if let Some(v) = origin {
            h.insert(ORIGIN, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn host_names_are_split_from_ports() {
        assert_eq!(host_name("127.0.0.1:8080"), "127.0.0.1");
        assert_eq!(host_name("LOCALHOST"), "localhost");
        assert_eq!(host_name("[::1]:80"), "[::1]");
        assert_eq!(host_name("[0:0:0:0:0:0:0:1]"), "[::1]");
        assert_eq!(host_name("evil.example:8080"), "evil.example");
    }

    #[test]
    fn loopback_names_pass_and_others_are_refused() {
        let h = Hosts::loopback();
        for host in ["127.0.0.1:8080", "localhost:1", "[::1]:8080", "localhost"] {
            check(&h, &Method::POST, &headers(Some(host), None)).unwrap();
        }
        for host in [
            "evil.example:8080",
            "10.0.0.1:8080",
            "127.0.0.2",
            "localhost.evil",
        ] {
            let e = check(&h, &Method::GET, &headers(Some(host), None)).unwrap_err();
            assert_eq!(e.status(), 403, "{host}");
            assert!(e.to_string().contains(host), "{e}");
        }
        let e = check(&h, &Method::GET, &headers(None, None)).unwrap_err();
        assert_eq!(e.status(), 400);
    }

    #[test]
    fn other_addresses_when_bound_to_them() {
        let mut h = Hosts::loopback();
        h.bound_to("192.168.1.5:8080".parse().unwrap());
        h.allow("mybox.local");
        for host in ["192.168.1.5:8080", "MyBox.local:8080", "127.0.0.1"] {
            check(&h, &Method::GET, &headers(Some(host), None)).unwrap();
        }
        assert!(check(&h, &Method::GET, &headers(Some("10.1.1.1"), None)).is_err());
        let mut any = Hosts::loopback();
        any.bound_to("0.0.0.0:8080".parse().unwrap());
        check(&any, &Method::GET, &headers(Some("10.1.1.1:8080"), None)).unwrap();
        check(&any, &Method::GET, &headers(Some("[fe80::1]:8080"), None)).unwrap();
        assert!(check(&any, &Method::GET, &headers(Some("rebind.evil:8080"), None)).is_err());
    }

    #[test]
    fn origins_must_be_the_servers_own_for_changes() {
        let h = Hosts::loopback();
        let host = Some("127.0.0.1:8080");
        check(
            &h,
            &Method::POST,
            &headers(host, Some("http://127.0.0.1:8080")),
        )
        .unwrap();
        check(
            &h,
            &Method::GET,
            &headers(host, Some("https://evil.example")),
        )
        .unwrap();
        for origin in ["https://evil.example", "null", "http://localhost:8080"] {
            let e = check(&h, &Method::DELETE, &headers(host, Some(origin))).unwrap_err();
            assert_eq!(e.status(), 403, "{origin}");
            assert!(e.to_string().contains(origin), "{e}");
        }
    }
}
