/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-watch-entry.c — a launched program, stopped at its entry point (ptrace)
 *
 * The launcher's child waits on a pipe before it execs; this process
 * attaches to it then (PTRACE_SEIZE, its own child: allowed under Yama's
 * default scope), so the exec stops it (PTRACE_EVENT_EXEC). At that point
 * only the executable and the dynamic loader are mapped. A one-byte int3 at
 * the program's entry point (AT_ENTRY from /proc/PID/auxv) stops it again
 * once the loader has mapped every library it links, and before any of the
 * program's code (constructors included) has run. There the original byte
 * goes back and the IP is rewound.
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>

#include "cs-collector-error.h"
#include "cs-watch-private.h"

#define AT_ENTRY_TAG 9   /* <elf.h> AT_ENTRY */

static gboolean
trace_error (GError    **error,
             pid_t       pid,
             const char *step)
{
  int errsv = errno;

  g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
               _("Cannot trace process %d to place watchpoints (%s: %s); the kernel may forbid "
                 "ptrace here (kernel.yama.ptrace_scope, a seccomp profile, or a debugger "
                 "already attached)"),
               (int) pid, step, g_strerror (errsv));
  return FALSE;
}

/* Waits for the next stop of @pid; FALSE (with @error) when it exited
 * instead. */
static gboolean
wait_stop (pid_t    pid,
           int     *status,
           GError **error)
{
  for (;;)
    {
      if (waitpid (pid, status, __WALL) < 0)
        {
          if (errno == EINTR)
            continue;
          return trace_error (error, pid, "waitpid");
        }
      if (WIFSTOPPED (*status))
        return TRUE;
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PROGRAM,
                   _("The program ended before it reached its entry point (wait status 0x%x)"),
                   *status);
      return FALSE;
    }
}

/* AT_ENTRY of @pid's auxiliary vector. */
static gboolean
read_entry (pid_t     pid,
            guint64  *entry,
            GError  **error)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/auxv", (int) pid);
  g_autofree guint64 *auxv = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, (char **) &auxv, &len, error))
    return FALSE;
  for (gsize i = 0; i + 1 < len / sizeof (guint64); i += 2)
    if (auxv[i] == AT_ENTRY_TAG)
      {
        *entry = auxv[i + 1];
        return TRUE;
      }
  g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
               _("%s has no entry point (AT_ENTRY)"), path);
  return FALSE;
}

gboolean
_cs_watch_stop_at_entry (pid_t                pid,
                         CsWatchStartFunc     start,
                         gpointer             start_data,
                         GError             **error)
{
  struct user_regs_struct regs;
  guint64 entry = 0;
  long word;
  int status = 0;

  if (ptrace (PTRACE_SEIZE, pid, NULL, (void *) (long) (PTRACE_O_TRACEEXEC | PTRACE_O_EXITKILL)) != 0)
    return trace_error (error, pid, "PTRACE_SEIZE");
  if (!start (start_data, error))
    return FALSE;
  if (!wait_stop (pid, &status, error))
    return FALSE;
  if (status >> 8 != (SIGTRAP | (PTRACE_EVENT_EXEC << 8)))
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("The program stopped before it ran (wait status 0x%x)"), status);
      return FALSE;
    }
  if (!read_entry (pid, &entry, error))
    return FALSE;

  errno = 0;
  word = ptrace (PTRACE_PEEKTEXT, pid, (void *) entry, NULL);
  if (errno != 0)
    return trace_error (error, pid, "PTRACE_PEEKTEXT");
  if (ptrace (PTRACE_POKETEXT, pid, (void *) entry, (void *) ((word & ~0xffL) | 0xcc)) != 0)
    return trace_error (error, pid, "PTRACE_POKETEXT");
  /* Signals before the entry point (none usually) go on to the program. */
  for (int signo = 0;;)
    {
      if (ptrace (PTRACE_CONT, pid, NULL, (void *) (long) signo) != 0)
        return trace_error (error, pid, "PTRACE_CONT");
      if (!wait_stop (pid, &status, error))
        return FALSE;
      signo = WSTOPSIG (status);
      if (signo != SIGTRAP)
        continue;
      if (ptrace (PTRACE_GETREGS, pid, NULL, &regs) != 0)
        return trace_error (error, pid, "PTRACE_GETREGS");
      if (regs.rip == entry + 1)
        break;
      signo = 0;
    }
  regs.rip = entry;
  if (ptrace (PTRACE_SETREGS, pid, NULL, &regs) != 0 ||
      ptrace (PTRACE_POKETEXT, pid, (void *) entry, (void *) word) != 0)
    return trace_error (error, pid, "PTRACE_SETREGS");
  return TRUE;
}

gboolean
_cs_watch_detach (pid_t    pid,
                  GError **error)
{
  if (ptrace (PTRACE_DETACH, pid, NULL, NULL) != 0)
    return trace_error (error, pid, "PTRACE_DETACH");
  return TRUE;
}

/* One line of /proc/PID/maps:
 * "start-end perms offset maj:min inode   path". */
static void
add_map_line (CsAddressSpace *space,
              pid_t           pid,
              const char     *line)
{
  guint64 start, end, offset, inode;
  unsigned int maj, min;
  char perms[8] = "";
  int name_at = 0;
  CsMappingIdentity identity = { 0, };
  guint32 prot = 0;
  const char *name;

  if (sscanf (line, "%" G_GINT64_MODIFIER "x-%" G_GINT64_MODIFIER "x %7s %" G_GINT64_MODIFIER "x %x:%x %"
              G_GINT64_MODIFIER "u %n", &start, &end, perms, &offset, &maj, &min, &inode, &name_at) < 7)
    return;
  name = name_at > 0 ? line + name_at : "";
  prot |= perms[0] == 'r' ? PROT_READ : 0;
  prot |= perms[1] == 'w' ? PROT_WRITE : 0;
  prot |= perms[2] == 'x' ? PROT_EXEC : 0;
  identity = (CsMappingIdentity) { maj, min, inode, 0 };
  cs_address_space_mmap_identity (space, (gint32) pid, start, end - start, offset, prot,
                                  perms[3] == 's' ? MAP_SHARED : MAP_PRIVATE,
                                  *name != '\0' ? name : "//anon", &identity, NULL, 0);
}

gboolean
_cs_watch_read_maps (CsAddressSpace  *space,
                     pid_t            pid,
                     GError         **error)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/maps", (int) pid);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (path, &contents, NULL, error))
    return FALSE;
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    add_map_line (space, pid, lines[i]);
  return TRUE;
}
