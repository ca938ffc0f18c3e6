//! A lower crate's typed error carried inside silk-core's errors ([`Cause`]).

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// A typed error from a crate the engines build on (silk-trade's `TradeError`), kept whole
/// across the crate border: a caller matches it with [`Cause::downcast_ref`], and its message
/// is the one its own crate writes. Built only when something is refused, never on the way to
/// a legal move; cloning shares it.
#[derive(Clone)]
pub struct Cause(Arc<dyn CauseError>);

/// What a [`Cause`] holds: any error that can be compared (so `IllegalAction` stays `Eq`).
trait CauseError: std::error::Error + Send + Sync + 'static {
    fn as_any(&self) -> &dyn Any;
    fn same_as(&self, other: &dyn CauseError) -> bool;
}

impl<E: std::error::Error + PartialEq + Send + Sync + 'static> CauseError for E {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same_as(&self, other: &dyn CauseError) -> bool {
        other.as_any().downcast_ref::<E>() == Some(self)
    }
}

impl Cause {
    pub fn new<E: std::error::Error + PartialEq + Send + Sync + 'static>(error: E) -> Cause {
        Cause(Arc::new(error))
    }

    /// The error itself, if it is an `E`.
    pub fn downcast_ref<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.0.as_any().downcast_ref()
    }
}

impl fmt::Debug for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl std::error::Error for Cause {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl PartialEq for Cause {
    fn eq(&self, other: &Cause) -> bool {
        self.0.same_as(&*other.0)
    }
}

impl Eq for Cause {}
