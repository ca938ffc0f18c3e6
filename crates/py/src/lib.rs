//! `silk._silk`, the extension module of the `silk` Python package (python/): games by name
//! ([`Game`]), any silk command run in-process ([`run`]: the lab is called whole, its hot loop
//! stays in Rust) and Python callables seated as players ([`register`]). The Python side
//! (python/silk/__init__.py) builds the friendly functions, result objects and progress on top.
//!
//! JSON crosses the boundary as Python's own dicts, lists, strings and numbers.

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::Value;
use silk_app::embed::{self, AnyGame, Choice};
use silk_bots::Chooser;
use silk_core::{Forfeit, ForfeitKind};
use std::sync::{Arc, Mutex};

pyo3::create_exception!(
    _silk,
    IllegalAction,
    PyValueError,
    "An action the rules refuse (or that names no action of the seat): the game is unchanged; \
     the message is the engine's reason."
);
pyo3::create_exception!(
    _silk,
    SilkError,
    PyException,
    "Bad input to silk: an unknown game or bot, a parameter the config lacks, a file that \
     cannot be read; the message says which."
);

fn silk_error(e: impl std::fmt::Display) -> PyErr {
    SilkError::new_err(e.to_string())
}

/// A JSON value as a Python object.
fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => PyFloat::new(py, n.as_f64().unwrap_or(f64::NAN)).into_any(),
        },
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let items = a
                .iter()
                .map(|x| to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        Value::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// A Python object (None, bool, int, float, str, list, tuple, dict with str keys) as JSON.
fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.downcast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::from(i));
        }
        return Ok(Value::from(obj.extract::<u64>()?));
    }
    if let Ok(f) = obj.downcast::<PyFloat>() {
        return Ok(serde_json::Number::from_f64(f.value())
            .map(Value::Number)
            .unwrap_or(Value::Null));
    }
    if let Ok(s) = obj.downcast::<PyString>() {
        return Ok(Value::String(s.extract::<String>()?));
    }
    if let Ok(d) = obj.downcast::<PyDict>() {
        let mut m = serde_json::Map::new();
        for (k, v) in d.iter() {
            let k: String = k
                .extract()
                .map_err(|_| PyValueError::new_err("a dict key that is not a str"))?;
            m.insert(k, from_py(&v)?);
        }
        return Ok(Value::Object(m));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let items = obj
            .try_iter()?
            .map(|x| from_py(&x?))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(Value::Array(items));
    }
    Err(PyValueError::new_err(format!(
        "cannot send a {} to silk (use None, bool, int, float, str, list or dict)",
        obj.get_type().name()?
    )))
}

/// A game in play (`silk.new_game`, `silk.load_trace`). Actions are dicts in a trace's
/// format (docs/traces.md); an int is an index into `legal_actions()`, a str an action as the
/// terminal writes it.
#[pyclass(module = "silk", name = "Game")]
struct Game {
    inner: Box<dyn AnyGame>,
}

impl Game {
    /// `seat`, or the one seat to move; an error when several decide together or none.
    fn seat_or_mover(&self, seat: Option<usize>) -> PyResult<usize> {
        if let Some(s) = seat {
            return Ok(s);
        }
        match self.inner.to_move() {
            (seats, false) if seats.len() == 1 => Ok(seats[0]),
            (seats, _) if seats.is_empty() => Err(IllegalAction::new_err("the game is over")),
            (seats, _) => Err(PyValueError::new_err(format!(
                "seats {seats:?} decide together: name the seat"
            ))),
        }
    }
}

#[pymethods]
impl Game {
    /// The game's name (`splendor`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }

    /// The seat to decide (an int), the seats deciding together (a list), or None when over.
    fn to_move<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (seats, together) = self.inner.to_move();
        Ok(match (seats.as_slice(), together) {
            ([], _) => py.None().into_bound(py),
            ([one], false) => one.into_pyobject(py)?.into_any(),
            _ => PyList::new(py, seats)?.into_any(),
        })
    }

    /// The legal actions of `seat` (default: the seat to move), as dicts in a trace's format.
    #[pyo3(signature = (seat=None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        seat: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if seat.is_none() && self.inner.is_over() {
            return Ok(PyList::empty(py).into_any());
        }
        let seat = self.seat_or_mover(seat)?;
        let legal = self.inner.legal(seat).map_err(PyValueError::new_err)?;
        to_py(py, &Value::Array(legal))
    }

    /// The same legal actions as the terminal writes them (`take 1 white, 1 blue, 1 red`).
    #[pyo3(signature = (seat=None))]
    fn legal_texts(&self, seat: Option<usize>) -> PyResult<Vec<String>> {
        if seat.is_none() && self.inner.is_over() {
            return Ok(Vec::new());
        }
        let seat = self.seat_or_mover(seat)?;
        self.inner.legal_texts(seat).map_err(PyValueError::new_err)
    }

    /// Plays `action` (a dict, an index into `legal_actions()` or a text) for `seat` (default:
    /// the seat to move). Raises `IllegalAction` with the engine's reason, the game unchanged.
    #[pyo3(signature = (action, seat=None))]
    fn apply(&mut self, action: &Bound<'_, PyAny>, seat: Option<usize>) -> PyResult<()> {
        let seat = self.seat_or_mover(seat)?;
        let choice = if action.is_instance_of::<PyBool>() {
            return Err(PyValueError::new_err(
                "an action is a dict, an int or a str",
            ));
        } else if action.is_instance_of::<PyInt>() {
            Choice::Index(action.extract()?)
        } else if let Ok(s) = action.downcast::<PyString>() {
            Choice::Text(s.extract::<String>()?)
        } else {
            Choice::Action(from_py(action)?)
        };
        self.inner
            .apply(seat, &choice)
            .map_err(IllegalAction::new_err)
    }

    /// What `seat` may know, as a dict (the engine's view: nothing hidden from that seat).
    fn view<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        let v = self.inner.view(seat).map_err(PyValueError::new_err)?;
        to_py(py, &v)
    }

    /// What `seat` may know, as the terminal shows it.
    fn view_text(&self, seat: usize) -> PyResult<String> {
        self.inner.view_text(seat).map_err(PyValueError::new_err)
    }

    /// An independent copy of the game.
    fn clone(&self) -> Game {
        Game {
            inner: self.inner.boxed_clone(),
        }
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The result once over (`end`, `winners`, `scores`, `ranks`, …, as a trace's `result`),
    /// else None.
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.inner.result() {
            Some(r) => to_py(py, &r),
            None => Ok(py.None().into_bound(py)),
        }
    }

    /// The game so far as an open trace (a dict; `json.dump` it to get a trace file).
    fn trace<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.trace())
    }

    /// Plays uniformly random legal actions to the end (or `max_decisions`), in Rust.
    /// Returns the number of decisions played.
    #[pyo3(signature = (seed=0, max_decisions=1_000_000))]
    fn random_playout(&mut self, py: Python<'_>, seed: u64, max_decisions: u64) -> u64 {
        let inner = &mut self.inner;
        py.detach(|| inner.random_playout(seed, max_decisions))
    }

    /// The config in force, as a dict.
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.config())
    }

    /// The rules in force with every parameter's value (`silk rules`).
    fn rules(&self) -> String {
        self.inner.rules()
    }

    fn __repr__(&self) -> String {
        let (seats, _) = self.inner.to_move();
        let state = if seats.is_empty() {
            "over".to_string()
        } else {
            format!("to move: {seats:?}")
        };
        format!(
            "<silk.Game {} for {}, {state}>",
            self.inner.name(),
            self.inner.players()
        )
    }
}

/// The games silk plays, as `(name, description)` pairs.
#[pyfunction]
fn games() -> Vec<(&'static str, &'static str)> {
    embed::games()
}

/// A new game (see `silk.new_game`): `params` as `--set PATH=VALUE`.
#[pyfunction]
#[pyo3(signature = (game, players=None, params=None, seed=1))]
fn new_game(
    game: &str,
    players: Option<usize>,
    params: Option<&Bound<'_, PyDict>>,
    seed: u64,
) -> PyResult<Game> {
    let mut sets = Vec::new();
    if let Some(d) = params {
        for (k, v) in d.iter() {
            sets.push((k.extract::<String>()?, from_py(&v)?));
        }
    }
    let inner = embed::new_game(game, players, &sets, seed).map_err(silk_error)?;
    Ok(Game { inner })
}

/// The game a trace file records, played back to its end (each decision checked).
#[pyfunction]
fn load_trace(path: std::path::PathBuf) -> PyResult<Game> {
    let inner = embed::load_trace(&path).map_err(silk_error)?;
    Ok(Game { inner })
}

/// Runs one of the lab's calls (silk-app's `calls::Call` as JSON: `{"simulate": {…}}`)
/// in-process without the GIL: the JSON it writes, or `SilkError`.
#[pyfunction]
fn call(py: Python<'_>, request: &str) -> PyResult<String> {
    py.detach(|| silk_app::calls::run_json(request))
        .map_err(SilkError::new_err)
}

/// A Python callable in a seat: `choose(view, legal_actions)` answers an index or an action
/// dict; an exception or another answer forfeits the game, as a program's would.
struct Callable {
    choose: Arc<Py<PyAny>>,
}

impl Chooser for Callable {
    fn begin(&mut self, hello: &Value) -> Result<(), Forfeit> {
        Python::attach(|py| {
            let choose = self.choose.bind(py);
            if !choose.hasattr("begin").unwrap_or(false) {
                return Ok(());
            }
            to_py(py, hello)
                .and_then(|h| choose.call_method1("begin", (h,)))
                .map(|_| ())
                .map_err(|e| raised(py, e))
        })
    }

    fn decide(&mut self, decide: &Value) -> Result<Value, Forfeit> {
        Python::attach(|py| {
            let answer = to_py(py, &decide["view"])
                .and_then(|view| Ok((view, to_py(py, &decide["legal"])?)))
                .and_then(|args| self.choose.bind(py).call1(args))
                .map_err(|e| raised(py, e))?;
            if answer.is_instance_of::<PyInt>() && !answer.is_instance_of::<PyBool>() {
                return from_py(&answer).map_err(|e| raised(py, e));
            }
            if answer.is_instance_of::<PyDict>() {
                let action = from_py(&answer).map_err(|e| raised(py, e))?;
                return Ok(serde_json::json!({ "action": action }));
            }
            let shown = answer
                .repr()
                .map(|r| r.to_string())
                .unwrap_or_else(|_| "?".into());
            Err(Forfeit::new(
                ForfeitKind::Garbage,
                format!("returned {shown}: expected an index or an action dict"),
            ))
        })
    }
}

/// A Python exception as a forfeit.
fn raised(py: Python<'_>, e: PyErr) -> Forfeit {
    let name = e
        .get_type(py)
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default();
    Forfeit::new(
        ForfeitKind::Crash,
        format!("raised {name}: {}", e.value(py)),
    )
}

/// A callable registered under a bot name while this lives (`close()` ends it).
#[pyclass(module = "silk")]
struct Registration(Mutex<Option<silk_app::outside::Registration>>);

#[pymethods]
impl Registration {
    fn close(&self) {
        if let Ok(mut r) = self.0.lock() {
            r.take();
        }
    }
}

/// Seats `choose` under the bot name `name` (`py:…`) in any command until closed.
#[pyfunction]
fn register(name: &str, choose: Py<PyAny>) -> Registration {
    let choose = Arc::new(choose);
    let make = move |_seat: usize| -> Box<dyn Chooser> {
        Box::new(Callable {
            choose: Arc::clone(&choose),
        })
    };
    let r = silk_app::outside::register(name, Arc::new(make));
    Registration(Mutex::new(Some(r)))
}

#[pymodule]
fn _silk(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Registration>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(load_trace, m)?)?;
    m.add_function(wrap_pyfunction!(call, m)?)?;
    m.add_function(wrap_pyfunction!(register, m)?)?;
    m.add("IllegalAction", m.py().get_type::<IllegalAction>())?;
    m.add("SilkError", m.py().get_type::<SilkError>())?;
    Ok(())
}
