//! A real browser for end-to-end tests: `chromedriver` (Debian's chromium-driver) on a free
//! localhost port, driving headless Chromium over WebDriver through the `fantoccini` client.
//!
//! ```ignore
//! let Some(driver) = browser::Driver::start_or_skip() else { return };
//! let page = driver.session();          // a browser window of its own (own profile)
//! page.open("file:///tmp/report.html");
//! let titles = page.texts("svg .title");
//! let n: u64 = page.eval("return document.querySelectorAll('rect').length", &[]).as_u64().unwrap();
//! page.close();
//! ```
//!
//! Calls block (each test stays plain synchronous code) on a small runtime the driver owns, so
//! several sessions — several players' windows on one table — can be used from one test or
//! from threads. Dropping the driver ends chromedriver; dropping a session ends its browser.
//! Include with `#[path = "common/browser.rs"] mod browser;`.

#![allow(dead_code)]

use fantoccini::{elements::Element, Client, ClientBuilder, Locator};
use serde_json::Value;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where Debian (and most systems) put the browser and its driver.
const BROWSERS: [&str; 3] = ["chromium", "chromium-browser", "google-chrome"];
const DRIVERS: [&str; 2] = ["chromedriver", "/usr/lib/chromium/chromedriver"];

/// The first of `names` that runs with `--version`.
fn find(names: &[&str]) -> Option<String> {
    names.iter().map(|n| n.to_string()).find(|n| {
        Command::new(n)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// A running chromedriver. Sessions made from it share its runtime.
pub struct Driver {
    child: Child,
    url: String,
    browser: String,
    runtime: Arc<tokio::runtime::Runtime>,
    profiles: PathBuf,
}

impl Driver {
    /// Starts chromedriver, or says why it cannot (no browser, no driver).
    pub fn start() -> Result<Driver, String> {
        let browser = find(&BROWSERS).ok_or("no Chromium (apt-get install chromium)")?;
        let driver = find(&DRIVERS).ok_or("no chromedriver (apt-get install chromium-driver)")?;
        // A free port: the OS picks one, and it is handed to chromedriver at once.
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| format!("no free port: {e}"))?
            .port();
        let child = Command::new(&driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{driver}: {e}"))?;
        let profiles =
            std::env::temp_dir().join(format!("silk-browser-{}-{port}", std::process::id()));
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .map_err(|e| format!("tokio runtime: {e}"))?;
        let d = Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
            browser,
            runtime: Arc::new(runtime),
            profiles,
        };
        // chromedriver listens within a second or so; give a loaded machine longer.
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_err() {
            if Instant::now() > deadline {
                return Err(format!("chromedriver did not listen on port {port}"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(d)
    }

    /// [`Driver::start`], or `None` with a message where the browser is missing on this
    /// machine. In CI (the `CI` variable set) a missing browser fails the test instead.
    pub fn start_or_skip() -> Option<Driver> {
        match Driver::start() {
            Ok(d) => Some(d),
            Err(why) if std::env::var_os("CI").is_some() => {
                panic!("the browser tests need Chromium and chromedriver in CI: {why}")
            }
            Err(why) => {
                eprintln!("skipping the browser test: {why}");
                None
            }
        }
    }

    /// A new browser window with a fresh profile of its own: headless, offline but for the
    /// pages it is sent to.
    pub fn session(&self) -> Session {
        static SESSIONS: AtomicUsize = AtomicUsize::new(0);
        let n = SESSIONS.fetch_add(1, Ordering::Relaxed);
        let profile = self.profiles.join(format!("profile-{n}"));
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1280,1024",
        ]
        .iter()
        .map(|a| a.to_string())
        .chain([format!("--user-data-dir={}", profile.display())])
        .collect::<Vec<_>>();
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            serde_json::json!({ "binary": which(&self.browser), "args": args }),
        );
        let client = self
            .runtime
            .block_on(
                ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
                    .capabilities(caps)
                    .connect(&self.url),
            )
            .unwrap_or_else(|e| panic!("a WebDriver session on {}: {e}", self.url));
        Session {
            client: Some(client),
            runtime: Arc::clone(&self.runtime),
            profile,
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profiles);
    }
}

/// The full path of a command, as chromedriver wants the browser binary.
fn which(cmd: &str) -> String {
    if Path::new(cmd).is_absolute() {
        return cmd.to_string();
    }
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|dir| dir.join(cmd))
        .find(|p| p.is_file())
        .map_or(cmd.to_string(), |p| p.display().to_string())
}

/// One browser window, driven step by step; every call blocks until the browser answers and
/// panics with the WebDriver error if it fails (these are tests).
pub struct Session {
    client: Option<Client>,
    runtime: Arc<tokio::runtime::Runtime>,
    profile: PathBuf,
}

impl Session {
    fn client(&self) -> &Client {
        self.client.as_ref().expect("the session is open")
    }

    /// Runs any fantoccini call on the session's client (for what the helpers do not cover).
    pub fn with<T>(&self, f: impl AsyncFnOnce(&Client) -> T) -> T {
        self.runtime.block_on(f(self.client()))
    }

    /// Loads `url` (`http://127.0.0.1:…`, `file:///…`) and waits for it to load.
    pub fn open(&self, url: &str) {
        self.with(async |c| c.goto(url).await)
            .unwrap_or_else(|e| panic!("open {url}: {e}"));
    }

    /// Loads a local file.
    pub fn open_file(&self, path: &Path) {
        let path = path.canonicalize().expect("the file exists");
        self.open(&format!("file://{}", path.display()));
    }

    /// The elements that match a CSS selector (none: empty).
    pub fn find_all(&self, css: &str) -> Vec<Element> {
        self.with(async |c| c.find_all(Locator::Css(css)).await)
            .unwrap_or_else(|e| panic!("find {css}: {e}"))
    }

    /// The one element that matches a CSS selector; panics if there is none.
    pub fn find(&self, css: &str) -> Element {
        self.with(async |c| c.find(Locator::Css(css)).await)
            .unwrap_or_else(|e| panic!("find {css}: {e}"))
    }

    /// The rendered text of each element that matches a CSS selector.
    pub fn texts(&self, css: &str) -> Vec<String> {
        self.with(async |c| {
            let mut out = Vec::new();
            for e in c.find_all(Locator::Css(css)).await? {
                out.push(e.text().await?);
            }
            Ok::<_, fantoccini::error::CmdError>(out)
        })
        .unwrap_or_else(|e| panic!("text of {css}: {e}"))
    }

    /// Runs JavaScript in the page (a function body: `return …`) with `args` (`arguments[i]`)
    /// and returns its result as JSON.
    pub fn eval(&self, script: &str, args: &[Value]) -> Value {
        self.with(async |c| c.execute(script, args.to_vec()).await)
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// The page's title.
    pub fn title(&self) -> String {
        self.with(async |c| c.title().await)
            .unwrap_or_else(|e| panic!("title: {e}"))
    }

    /// Ends the browser of this session.
    pub fn close(mut self) {
        self.shut();
    }

    fn shut(&mut self) {
        if let Some(c) = self.client.take() {
            let _ = self.runtime.block_on(c.close());
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.shut();
    }
}
