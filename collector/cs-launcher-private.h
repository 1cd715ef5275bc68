/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-launcher-private.h — the launcher's state, shared by cs-launcher.c and
 * the program's family (process group, guardian, terminal) in
 * cs-launcher-family.c */
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include "cs-launcher.h"

G_BEGIN_DECLS

struct _CsLauncher
{
  char    *path;
  char   **argv;
  char   **envp;        /* NULL: inherit environ at exec time */
  char    *cwd;
  pid_t    pid;
  int      go_fd;       /* parent's write end: closing or writing releases the child */
  int      err_fd;      /* parent's read end of the close-on-exec error pipe */
  pid_t    parent;      /* the collector, for the child's PR_SET_PDEATHSIG check */
  int      tty_fd;      /* the terminal the program's group has, or -1 */
  pid_t    guard_pid;   /* the guardian, 0 once reaped */
  int      guard_fd;    /* write end of its pipe: EOF without a byte means we died */
  gboolean started;
  gboolean reaped;
  gboolean terminal_interrupt;  /* Ctrl-C or Ctrl-\ on the program's terminal */
  int      status;
  struct rusage usage;
};

/* cs-launcher-family.c */
void _cs_launcher_start_guardian      (CsLauncher *self);
/* Tells the guardian that the collector is fine, and reaps it. */
void _cs_launcher_dismiss_guardian    (CsLauncher *self);
/* The terminal whose foreground process group we are, or -1. */
int  _cs_launcher_foreground_terminal (void);
void _cs_launcher_set_foreground      (int         fd,
                                       pid_t       group);
void _cs_launcher_reclaim_terminal    (CsLauncher *self);
/* Sends @signo to the program and everything in its process group. */
void _cs_launcher_kill_group          (CsLauncher *self,
                                       int         signo);
/* The program stopped (Ctrl-Z) while it had the terminal. */
void _cs_launcher_follow_stop         (CsLauncher *self);
/* After the program: reaps what is left of its group that is our child
 * (waited for once @killed, else only what has ended) and dismisses the
 * guardian. */
void _cs_launcher_end_group           (CsLauncher *self,
                                       gboolean    killed);

G_END_DECLS
