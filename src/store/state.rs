//! The read handle of an entity's state: components read an entity's
//! values through it and cannot write them (only the entity's transitions
//! do). It reads the entity's own signal, so a handle costs nothing: no
//! signal of its own, no code of its own.

use leptos::prelude::*;

/// A value of an entity, read-only.
pub struct Read<T: 'static>(RwSignal<T>);

impl<T: 'static> Clone for Read<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Read<T> {}

impl<T: Send + Sync + 'static> Read<T> {
    /// A read handle on `signal`.
    pub(super) fn of(signal: RwSignal<T>) -> Read<T> {
        Read(signal)
    }

    /// Reads the value, tracking it.
    pub fn with<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.0.with(f)
    }

    /// Reads the value without tracking it.
    pub fn with_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.0.with_untracked(f)
    }

    /// Subscribes the running effect or memo to the value.
    pub fn track(&self) {
        self.0.track();
    }
}

impl<T: Clone + Send + Sync + 'static> Read<T> {
    /// The value, tracked.
    pub fn get(&self) -> T {
        self.0.get()
    }

    /// The value, untracked.
    pub fn get_untracked(&self) -> T {
        self.0.get_untracked()
    }
}
