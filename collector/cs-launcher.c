/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-launcher.c — fork, hold, exec: the target starts only once its counters exist
 *
 * Everything the child needs (absolute path, argv, envp, cwd) is prepared
 * before fork() so that the child only calls async-signal-safe functions: the
 * collector may be multi-threaded (the viewer records from a GTask).
 *
 * The program never outlives a recording that ends early, nor do its own
 * children: see cs-launcher-family.c.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-launcher-private.h"
#include "cs-system.h"

#ifndef CLOSE_RANGE_CLOEXEC
# define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

/* What the child reports when it cannot exec: the step and errno. */
enum { STEP_CHDIR = 1, STEP_EXEC = 2 };

static gboolean
check_executable (const char  *display,
                  const char  *path,
                  GError     **error)
{
  struct stat st;

  if (g_stat (path, &st) != 0)
    {
      int errsv = errno;
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                   _("Cannot run “%s”: %s"), display, g_strerror (errsv));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                   _("Cannot run “%s”: it is not a regular file"), display);
      return FALSE;
    }
  if (access (path, X_OK) != 0)
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                   _("Cannot run “%s”: it is not executable (chmod +x %s)"), display, path);
      return FALSE;
    }
  return TRUE;
}

/* Resolves like execvp(3) would, but in the parent so that a typo is an error
 * before anything runs. A relative path with a slash is taken relative to @cwd
 * because that is where the child will exec it. */
char *
cs_launcher_resolve (const char          *program,
                     const char          *cwd,
                     const char * const  *envp,
                     GError             **error)
{
  const char *search_path = NULL;
  g_auto(GStrv) dirs = NULL;
  gboolean seen_non_exec = FALSE;

  if (program == NULL || *program == '\0')
    {
      g_set_error_literal (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                           _("No program to run was given"));
      return NULL;
    }

  if (strchr (program, '/') != NULL)
    {
      g_autofree char *abs = NULL;
      g_autofree char *base = NULL;

      if (g_path_is_absolute (program))
        abs = g_strdup (program);
      else
        {
          base = cwd != NULL ? g_strdup (cwd) : g_get_current_dir ();
          abs = g_build_filename (base, program, NULL);
        }
      if (!check_executable (program, abs, error))
        return NULL;
      return g_canonicalize_filename (abs, NULL);
    }

  if (envp != NULL)
    search_path = g_environ_getenv ((char **) envp, "PATH");
  else
    search_path = g_getenv ("PATH");
  if (search_path == NULL)
    search_path = "/usr/local/bin:/usr/bin:/bin";

  dirs = g_strsplit (search_path, ":", -1);
  for (guint i = 0; dirs[i] != NULL; i++)
    {
      /* An empty PATH element means the current directory, as for execvp. */
      const char *dir = *dirs[i] != '\0' ? dirs[i] : (cwd != NULL ? cwd : ".");
      g_autofree char *candidate = g_build_filename (dir, program, NULL);
      struct stat st;

      if (g_stat (candidate, &st) != 0 || !S_ISREG (st.st_mode))
        continue;
      if (access (candidate, X_OK) != 0)
        {
          seen_non_exec = TRUE;
          continue;
        }
      if (!g_path_is_absolute (candidate))
        return g_canonicalize_filename (candidate, cwd);
      return g_steal_pointer (&candidate);
    }

  if (seen_non_exec)
    g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                 _("Cannot run “%s”: the file found in PATH is not executable"), program);
  else
    g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                 _("Cannot run “%s”: no such program in PATH (%s)"), program, search_path);
  return NULL;
}

/* Runs in the forked child: async-signal-safe calls only. */
G_GNUC_NORETURN static void
child_main (CsLauncher *self,
            int         go_read,
            int         err_write)
{
  sigset_t all;
  char c;
  ssize_t n;
  int report[2];

  /* The collector blocks SIGINT/SIGTERM to take them in a thread, and the
   * viewer's libraries ignore SIGPIPE: a blocked mask and an ignored SIGPIPE
   * would survive exec into the target and change how it behaves. */
  /* A process group of its own (the collector sets it too, whichever runs
   * first), so that its whole family can be stopped together; the
   * terminal follows when the collector had it. */
  setpgid (0, 0);
  if (self->tty_fd >= 0)
    {
      signal (SIGTTOU, SIG_IGN);
      tcsetpgrp (self->tty_fd, getpid ());
    }
  /* Dies with the collector's thread, however that ends. */
  prctl (PR_SET_PDEATHSIG, SIGKILL);
  if (getppid () != self->parent)
    _exit (127);

  sigemptyset (&all);
  sigprocmask (SIG_SETMASK, &all, NULL);
  signal (SIGPIPE, SIG_DFL);
  signal (SIGTTOU, SIG_DFL);

  do
    n = read (go_read, &c, 1);
  while (n < 0 && errno == EINTR);
  if (n != 1)
    _exit (127);  /* the collector gave up before starting us */

  /* Descriptors the collector opened without O_CLOEXEC must not leak into
   * the target; the two pipes are already close-on-exec. */
  syscall (SYS_close_range, 3U, ~0U, CLOSE_RANGE_CLOEXEC);

  if (self->cwd != NULL && chdir (self->cwd) != 0)
    {
      report[0] = STEP_CHDIR;
      report[1] = errno;
      cs_write_all (err_write, report, sizeof report);
      _exit (127);
    }

  if (self->envp != NULL)
    execve (self->path, self->argv, self->envp);
  else
    execv (self->path, self->argv);

  report[0] = STEP_EXEC;
  report[1] = errno;
  cs_write_all (err_write, report, sizeof report);
  _exit (127);
}

CsLauncher *
cs_launcher_new (const char * const  *argv,
                 const char          *cwd,
                 const char * const  *envp,
                 GError             **error)
{
  g_autofree char *path = NULL;
  CsLauncher *self;
  int go_pipe[2];
  int err_pipe[2];
  pid_t pid;

  g_return_val_if_fail (argv != NULL, NULL);

  if (cwd != NULL && !g_file_test (cwd, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                   _("Cannot run in “%s”: no such directory"), cwd);
      return NULL;
    }

  if (!(path = cs_launcher_resolve (argv[0], cwd, envp, error)))
    return NULL;

  if (pipe2 (go_pipe, O_CLOEXEC) != 0)
    {
      int errsv = errno;
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("Cannot create a pipe to start “%s”: %s"), argv[0], g_strerror (errsv));
      return NULL;
    }
  if (pipe2 (err_pipe, O_CLOEXEC) != 0)
    {
      int errsv = errno;
      close (go_pipe[0]);
      close (go_pipe[1]);
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("Cannot create a pipe to start “%s”: %s"), argv[0], g_strerror (errsv));
      return NULL;
    }

  self = g_new0 (CsLauncher, 1);
  self->path = g_steal_pointer (&path);
  self->argv = g_strdupv ((char **) argv);
  self->envp = envp != NULL ? g_strdupv ((char **) envp) : NULL;
  self->cwd = g_strdup (cwd);
  self->go_fd = -1;
  self->err_fd = -1;
  self->guard_fd = -1;
  self->parent = getpid ();
  self->tty_fd = _cs_launcher_foreground_terminal ();

  pid = fork ();
  if (pid < 0)
    {
      int errsv = errno;
      close (go_pipe[0]);
      close (go_pipe[1]);
      close (err_pipe[0]);
      close (err_pipe[1]);
      self->reaped = TRUE;
      cs_launcher_free (self);
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("Cannot fork to start “%s”: %s"), argv[0], g_strerror (errsv));
      return NULL;
    }
  if (pid == 0)
    {
      close (go_pipe[1]);
      close (err_pipe[0]);
      child_main (self, go_pipe[0], err_pipe[1]);
    }

  close (go_pipe[0]);
  close (err_pipe[1]);
  self->pid = pid;
  self->go_fd = go_pipe[1];
  self->err_fd = err_pipe[0];
  setpgid (pid, pid);
  if (self->tty_fd >= 0)
    _cs_launcher_set_foreground (self->tty_fd, pid);
  _cs_launcher_start_guardian (self);
  return self;
}

pid_t
cs_launcher_get_pid (CsLauncher *self)
{
  g_return_val_if_fail (self != NULL, -1);
  return self->pid;
}

const char *
cs_launcher_get_path (CsLauncher *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->path;
}

static void
reap (CsLauncher *self,
      int         flags)
{
  pid_t r;

  while (!self->reaped)
    {
      int status = 0;

      r = wait4 (self->pid, &status, flags | (self->tty_fd >= 0 ? WUNTRACED : 0), &self->usage);
      if (r < 0 && errno == EINTR)
        continue;
      if (r == self->pid && WIFSTOPPED (status))
        {
          _cs_launcher_follow_stop (self);
          continue;
        }
      if (r == self->pid || (r < 0 && errno == ECHILD))
        {
          self->reaped = TRUE;
          self->status = status;
          /* Ctrl-C on the terminal went to the program's group only: the
           * recording is interrupted, as if it had reached the collector. */
          if (self->tty_fd >= 0 && WIFSIGNALED (status) &&
              (WTERMSIG (status) == SIGINT || WTERMSIG (status) == SIGQUIT))
            self->terminal_interrupt = TRUE;
          _cs_launcher_reclaim_terminal (self);
        }
      break;
    }
}

gboolean
cs_launcher_start (CsLauncher  *self,
                   GError     **error)
{
  int report[2] = { 0, 0 };
  size_t got = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->started, FALSE);

  self->started = TRUE;
  cs_write_all (self->go_fd, "g", 1);
  close (self->go_fd);
  self->go_fd = -1;

  /* EOF without data: the close-on-exec end vanished, exec succeeded. */
  while (got < sizeof report)
    {
      ssize_t n = read (self->err_fd, (char *) report + got, sizeof report - got);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      got += n;
    }
  close (self->err_fd);
  self->err_fd = -1;

  if (got == 0)
    return TRUE;

  reap (self, 0);
  if (report[0] == STEP_CHDIR)
    g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                 _("Cannot change to directory “%s” to run “%s”: %s"),
                 self->cwd, self->argv[0], g_strerror (report[1]));
  else
    g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                 _("Cannot run “%s”: %s"), self->path, g_strerror (report[1]));
  return FALSE;
}

static void
copy_result (CsLauncher    *self,
             int           *wait_status,
             struct rusage *usage)
{
  if (wait_status != NULL)
    *wait_status = self->status;
  if (usage != NULL)
    *usage = self->usage;
}

int
cs_launcher_open_pidfd (CsLauncher *self)
{
  g_return_val_if_fail (self != NULL, -1);
#ifdef SYS_pidfd_open
  return (int) syscall (SYS_pidfd_open, self->pid, 0);
#else
  errno = ENOSYS;
  return -1;
#endif
}

/* The program has been reaped: its group is ended, and the run counts as
 * cancelled when Ctrl-C on its terminal ended it. */
static gboolean
finish_wait (CsLauncher     *self,
             int            *wait_status,
             struct rusage  *usage,
             GError        **error)
{
  _cs_launcher_end_group (self, FALSE);
  copy_result (self, wait_status, usage);
  if (self->terminal_interrupt)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                   _("Recording was interrupted from the terminal; “%s” was stopped"),
                   self->argv[0]);
      return FALSE;
    }
  return TRUE;
}

gboolean
cs_launcher_wait (CsLauncher     *self,
                  int            *wait_status,
                  struct rusage  *usage,
                  GCancellable   *cancellable,
                  GError        **error)
{
  int pidfd;
  struct pollfd fds[2];
  GPollFD cancel_fd = { -1, 0, 0 };
  gboolean have_cancel_fd = FALSE;
  guint nfds = 1;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->reaped)
    return finish_wait (self, wait_status, usage, error);

  if (cancellable == NULL)
    {
      reap (self, 0);
      return finish_wait (self, wait_status, usage, error);
    }

  have_cancel_fd = g_cancellable_make_pollfd (cancellable, &cancel_fd);
  pidfd = cs_launcher_open_pidfd (self);

  while (!self->reaped)
    {
      int timeout = -1;

      if (g_cancellable_is_cancelled (cancellable))
        break;

      fds[0].fd = pidfd;
      fds[0].events = POLLIN;
      fds[0].revents = 0;
      nfds = 1;
      if (have_cancel_fd)
        {
          fds[1].fd = cancel_fd.fd;
          fds[1].events = POLLIN;
          fds[1].revents = 0;
          nfds = 2;
        }
      /* Without pidfd (old kernels) or a cancellable fd, fall back to
       * polling; a stop (Ctrl-Z) does not wake the pidfd. */
      if (pidfd < 0 || !have_cancel_fd)
        timeout = 20;
      else if (self->tty_fd >= 0)
        timeout = 250;
      if (pidfd < 0)
        fds[0].fd = -1;

      if (poll (fds, nfds, timeout) < 0 && errno != EINTR)
        break;
      reap (self, WNOHANG);
    }

  if (pidfd >= 0)
    close (pidfd);
  if (have_cancel_fd)
    g_cancellable_release_fd (cancellable);

  if (!self->reaped)
    {
      /* Cancelled: the target and its children must not outlive the recording. */
      _cs_launcher_kill_group (self, SIGKILL);
      reap (self, 0);
      _cs_launcher_end_group (self, TRUE);
      copy_result (self, wait_status, usage);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                   _("Recording was cancelled; “%s” was stopped"), self->argv[0]);
      return FALSE;
    }

  return finish_wait (self, wait_status, usage, error);
}

gboolean
cs_launcher_try_wait (CsLauncher    *self,
                      int           *wait_status,
                      struct rusage *usage)
{
  g_return_val_if_fail (self != NULL, FALSE);

  reap (self, WNOHANG);
  if (!self->reaped)
    return FALSE;
  copy_result (self, wait_status, usage);
  return TRUE;
}

void
cs_launcher_kill (CsLauncher *self,
                  int         signo)
{
  g_return_if_fail (self != NULL);

  if (!self->reaped)
    _cs_launcher_kill_group (self, signo);
}

gboolean
cs_launcher_was_interrupted (CsLauncher *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->terminal_interrupt;
}

void
cs_launcher_free (CsLauncher *self)
{
  if (self == NULL)
    return;

  if (!self->reaped && self->pid > 0)
    {
      _cs_launcher_kill_group (self, SIGKILL);
      reap (self, 0);
      _cs_launcher_end_group (self, TRUE);
    }
  else
    _cs_launcher_end_group (self, FALSE);
  _cs_launcher_reclaim_terminal (self);
  if (self->go_fd >= 0)
    close (self->go_fd);
  if (self->err_fd >= 0)
    close (self->err_fd);
  g_free (self->path);
  g_strfreev (self->argv);
  g_strfreev (self->envp);
  g_free (self->cwd);
  g_free (self);
}
