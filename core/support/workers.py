"""The worker processes of a batch: spawned, quiet, stopped at once on an error, and gone with their parent.

* Each worker watches its parent through the sentinel ``multiprocessing`` gives a spawned child (a pipe
  only the parent holds open): when the parent dies, even by ``kill -9``, the pipe closes, the worker
  removes the files the parent named as leftovers (the batch's partial ``--out`` file) and exits. Without
  this, workers blocked on the task queue (whose write end they hold themselves) waited forever, and the
  resource tracker with them. Portable: no ``prctl``, no polling.
* Ctrl-C belongs to the parent (workers ignore SIGINT); a worker's warnings go nowhere, because the
  parent built the same registry first and printed each warning once.
* :func:`pool` shuts the pool down normally when its block ends, and when the block raises (an error,
  Ctrl-C, SIGTERM turned into an exception by the CLI) it cancels what is queued and terminates the
  workers instead of waiting for the chunks they are making. A worker that dies (killed, out of memory)
  is one error paragraph, not a ``BrokenProcessPool`` traceback.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor


def worker_start(leftovers: tuple[str, ...] = ()) -> None:
    """Pool initializer (runs in each worker)."""
    import signal
    import sys
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the worker's whole life
    if hasattr(signal, "pthread_sigmask"):
        # the parent held Ctrl-C and SIGTERM while it started this worker (see _executor_class), and a new
        # process keeps its parent's mask: let them in now (a SIGTERM that came meanwhile ends it here)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    threading.Thread(target=_exit_with_parent, args=(leftovers,), name="lifepath-parent-watch", daemon=True).start()


def _exit_with_parent(leftovers: tuple[str, ...]) -> None:
    import multiprocessing

    parent = multiprocessing.parent_process()
    if parent is None:
        return
    parent.join()  # returns when the parent has exited, however it ended
    for path in leftovers:
        with suppress(OSError):
            os.unlink(path)
    os._exit(1)


@contextmanager
def pool(
    workers: int, leftovers: Sequence[str] = (), nothing_done: str = "nothing was saved and no --out file was written"
) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` spawned processes (see the module's description); ``nothing_done`` says, in the
    error about a worker that died, what was therefore not done."""
    import multiprocessing

    executor = _executor_class()(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=worker_start,
        initargs=(tuple(str(p) for p in leftovers),),
    )
    from concurrent.futures.process import BrokenProcessPool

    try:
        yield executor
    except BrokenProcessPool:
        stop(executor)
        from lifepath.errors import LifepathError

        raise LifepathError(
            "a worker process of the batch ended abruptly (it was killed, or the computer ran out of memory); "
            + nothing_done,
            hint="run the same command again, with fewer --workers if memory is short",
        ) from None
    except BaseException:
        stop(executor)
        raise
    executor.shutdown(wait=True)


def _executor_class() -> type[ProcessPoolExecutor]:
    """A ``ProcessPoolExecutor`` whose ``submit`` holds Ctrl-C and SIGTERM until it returns.

    With the spawn start method a worker is started inside ``submit`` (in the calling thread), by writing its
    start-up data down a pipe. A signal handled midway (SIGTERM's ``Terminated``, Ctrl-C's
    ``KeyboardInterrupt``) cut that write short, and the new worker printed multiprocessing's own traceback
    (``EOFError: Ran out of input``) on the user's terminal. Held, the signal is handled as ``submit``
    returns, and the pool is stopped as usual. The executor's own threads start inside ``submit`` too, so
    they hold both signals for good (a thread inherits its creator's mask): Python handles signals in the
    main thread only, and a signal sent to the process now waits for the main thread. A worker inherits
    the mask as well, and lets both signals in as it starts (:func:`worker_start`), so that ``stop`` can
    still terminate it. (multiprocessing starts its resource tracker the same way.)
    """
    import signal
    from concurrent.futures import Future, ProcessPoolExecutor

    if not hasattr(signal, "pthread_sigmask"):  # not POSIX: nothing to hold
        return ProcessPoolExecutor
    held = {signal.SIGINT, signal.SIGTERM}

    class Executor(ProcessPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
            try:
                return super().submit(fn, *args, **kwargs)
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, before)

    return Executor


def stop(executor: ProcessPoolExecutor) -> None:
    """Cancel every queued chunk and terminate the workers now, then wait for them to be gone."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with suppress(OSError, ValueError):
            process.terminate()
    for process in processes:
        with suppress(OSError, ValueError, AssertionError):
            process.join(timeout=10)
