/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-launcher-family.c — the program's family never outlives a recording
 *
 * The program runs in a process group of its own, which is killed as a
 * whole when the run is cancelled; it dies with the thread that started it
 * (PR_SET_PDEATHSIG, set in the child), and a small guardian process,
 * forked beside it, kills the group when the collector dies without saying
 * goodbye (SIGKILL, a crash), since then nobody else would. A program
 * started from a terminal gets the terminal (its group becomes the
 * foreground one), so that it can read it and Ctrl-C reaches it; the
 * collector takes the terminal back when the program ends or stops
 * (Ctrl-Z), and then stops with it.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "cs-launcher-private.h"
#include "cs-system.h"

/* Signals the guardian survives: it must outlive a collector killed with
 * its process group (a closed terminal sends SIGHUP to all of it). */
static const int guardian_ignores[] = {
  SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE,
};

/* Runs in the forked guardian: async-signal-safe calls only. It holds no
 * descriptor but its pipe (a test reading the collector's output must see
 * EOF when the collector ends), waits for the collector's word, and kills
 * the program's group when the pipe closes without one. */
G_GNUC_NORETURN static void
guardian_main (int   fd,
               pid_t group)
{
  struct sigaction ignore = { 0 };
  char c;
  ssize_t n;

  ignore.sa_handler = SIG_IGN;
  for (guint i = 0; i < G_N_ELEMENTS (guardian_ignores); i++)
    sigaction (guardian_ignores[i], &ignore, NULL);
  if (fd > 0)
    syscall (SYS_close_range, 0U, (unsigned int) fd - 1, 0U);
  syscall (SYS_close_range, (unsigned int) fd + 1, ~0U, 0U);
  prctl (PR_SET_NAME, "cs-guardian");

  do
    n = read (fd, &c, 1);
  while (n < 0 && errno == EINTR);
  if (n != 1)
    kill (-group, SIGKILL);
  _exit (0);
}

void
_cs_launcher_start_guardian (CsLauncher *self)
{
  int fds[2];
  pid_t pid;

  /* Without it the program still dies with us; only its own children
   * could then outlive a collector killed with SIGKILL. */
  if (pipe2 (fds, O_CLOEXEC) != 0)
    return;
  pid = fork ();
  if (pid == 0)
    guardian_main (fds[0], self->pid);
  close (fds[0]);
  if (pid < 0)
    {
      close (fds[1]);
      return;
    }
  self->guard_pid = pid;
  self->guard_fd = fds[1];
}

/* Tells the guardian that the collector is fine, and reaps it. */
void
_cs_launcher_dismiss_guardian (CsLauncher *self)
{
  if (self->guard_fd >= 0)
    {
      cs_write_all (self->guard_fd, "q", 1);
      close (self->guard_fd);
      self->guard_fd = -1;
    }
  if (self->guard_pid > 0)
    {
      while (waitpid (self->guard_pid, NULL, 0) < 0 && errno == EINTR)
        ;
      self->guard_pid = 0;
    }
}

/* The terminal whose foreground process group we are, if any: the program
 * gets it while it runs. */
int
_cs_launcher_foreground_terminal (void)
{
  if (isatty (STDIN_FILENO) && tcgetpgrp (STDIN_FILENO) == getpgrp ())
    return STDIN_FILENO;
  return -1;
}

void
_cs_launcher_set_foreground (int   fd,
                pid_t group)
{
  sigset_t ttou, old;

  /* Blocked, SIGTTOU does not stop a background group that takes the
   * terminal back. */
  sigemptyset (&ttou);
  sigaddset (&ttou, SIGTTOU);
  pthread_sigmask (SIG_BLOCK, &ttou, &old);
  tcsetpgrp (fd, group);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
}

void
_cs_launcher_reclaim_terminal (CsLauncher *self)
{
  if (self->tty_fd < 0)
    return;
  _cs_launcher_set_foreground (self->tty_fd, getpgrp ());
  self->tty_fd = -1;
}

/* Kills the program and everything in its process group. */
void
_cs_launcher_kill_group (CsLauncher *self,
            int         signo)
{
  if (self->pid <= 0)
    return;
  if (kill (-self->pid, signo) != 0)
    kill (self->pid, signo);
}

/* Ctrl-Z stopped the program while it had the terminal: the collector
 * takes the terminal back and stops too, so that the shell regains it; on
 * `fg` both continue. */
void
_cs_launcher_follow_stop (CsLauncher *self)
{
  int tty = self->tty_fd;

  _cs_launcher_reclaim_terminal (self);
  raise (SIGTSTP);
  /* Continued: the shell made our group the foreground one again. */
  self->tty_fd = tty;
  _cs_launcher_set_foreground (tty, self->pid);
  _cs_launcher_kill_group (self, SIGCONT);
}

/* After the program: what is left of its group and is our child (the
 * collector may be a child subreaper) is reaped — waited for once @killed,
 * else only what has ended, the rest being left to run as perf would — and
 * the guardian is dismissed. */
void
_cs_launcher_end_group (CsLauncher *self,
           gboolean    killed)
{
  pid_t r;

  if (self->pid > 0)
    do
      r = waitpid (-self->pid, NULL, killed ? 0 : WNOHANG);
    while (r > 0 || (r < 0 && errno == EINTR));
  _cs_launcher_dismiss_guardian (self);
}
