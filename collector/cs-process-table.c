/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-process-table.c — the running processes, read from /proc, with their CPU use
 *
 * Only /proc/PID/stat, comm and cmdline are read, which every user may read
 * for every process; the owner is the uid of the /proc/PID directory. A
 * process can exit between readdir() and the reads: it is then left out of
 * this refresh, not an error.
 */
#include "config.h"

#include <string.h>
#include <math.h>
#include <glib/gi18n-lib.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cs-collector-error.h"
#include "cs-process-table.h"

/* include/linux/sched.h: the task is a kernel thread. */
#define CS_PF_KTHREAD 0x00200000u

struct _CsProcessTable
{
  GArray     *processes;   /* CsProcessInfo */
  GHashTable *index;       /* pid → position + 1 */
  gint64      time;        /* monotonic µs of the last refresh; 0: none */
  GHashTable *users;       /* uid → login name */
};

static void
clear_info (gpointer data)
{
  CsProcessInfo *info = data;

  g_free (info->name);
  g_free (info->command);
  g_free (info->user);
}

CsProcessTable *
cs_process_table_new (void)
{
  CsProcessTable *self = g_new0 (CsProcessTable, 1);

  self->processes = g_array_new (FALSE, TRUE, sizeof (CsProcessInfo));
  g_array_set_clear_func (self->processes, clear_info);
  self->index = g_hash_table_new (NULL, NULL);
  self->users = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  return self;
}

void
cs_process_table_free (CsProcessTable *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->processes);
  g_hash_table_unref (self->index);
  g_hash_table_unref (self->users);
  g_free (self);
}

static const char *
user_name (CsProcessTable *self,
           guint           uid)
{
  char *name = g_hash_table_lookup (self->users, GUINT_TO_POINTER (uid));

  if (name == NULL)
    {
      struct passwd *pw = getpwuid (uid);

      name = pw != NULL ? g_strdup (pw->pw_name) : g_strdup_printf ("%u", uid);
      g_hash_table_insert (self->users, GUINT_TO_POINTER (uid), name);
    }
  return name;
}

/* utime + stime and the flags from /proc/PID/stat. The name in parentheses
 * may hold spaces and parentheses itself, so the fields are counted from
 * the last ')'. */
static gboolean
read_stat (const char *dir,
           guint64    *ticks,
           guint      *flags)
{
  g_autofree char *path = g_build_filename (dir, "stat", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) fields = NULL;
  const char *rest;

  if (!g_file_get_contents (path, &text, NULL, NULL) || (rest = strrchr (text, ')')) == NULL)
    return FALSE;
  /* After ')': state(3) ppid(4) … flags(9) … utime(14) stime(15). */
  fields = g_strsplit (rest + 2, " ", 16);
  if (g_strv_length (fields) < 14)
    return FALSE;
  *flags = (guint) g_ascii_strtoull (fields[9 - 3], NULL, 10);
  *ticks = g_ascii_strtoull (fields[14 - 3], NULL, 10) + g_ascii_strtoull (fields[15 - 3], NULL, 10);
  return TRUE;
}

static char *
read_command (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "cmdline", NULL);
  g_autofree char *text = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &text, &length, NULL))
    return g_strdup ("");
  for (gsize i = 0; i + 1 < length; i++)
    if (text[i] == '\0')
      text[i] = ' ';
  return g_utf8_make_valid (text, -1);
}

static gboolean
read_process (CsProcessTable *self,
              GPid            pid,
              CsProcessInfo  *info)
{
  g_autofree char *dir = g_strdup_printf ("/proc/%d", (int) pid);
  g_autofree char *comm_path = g_build_filename (dir, "comm", NULL);
  g_autofree char *comm = NULL;
  struct stat st;
  guint flags = 0;

  if (stat (dir, &st) != 0 || !read_stat (dir, &info->cpu_ticks, &flags) ||
      (flags & CS_PF_KTHREAD) != 0 || !g_file_get_contents (comm_path, &comm, NULL, NULL))
    return FALSE;
  g_strchomp (comm);
  info->pid = pid;
  info->name = g_utf8_make_valid (comm, -1);
  info->command = read_command (dir);
  info->uid = st.st_uid;
  info->user = g_strdup (user_name (self, st.st_uid));
  return TRUE;
}

gboolean
cs_process_table_refresh (CsProcessTable  *self,
                          GError         **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(GDir) proc = g_dir_open ("/proc", 0, &local);
  g_autoptr(GArray) processes = NULL;
  g_autoptr(GHashTable) index = NULL;
  double ticks_per_second = (double) sysconf (_SC_CLK_TCK);
  gint64 now = g_get_monotonic_time ();
  double seconds = self->time > 0 ? (now - self->time) / (double) G_USEC_PER_SEC : 0;
  const char *entry;

  g_return_val_if_fail (self != NULL, FALSE);

  if (proc == NULL)
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("The running processes cannot be listed: %s. Is /proc mounted?"), local->message);
      return FALSE;
    }
  processes = g_array_new (FALSE, TRUE, sizeof (CsProcessInfo));
  g_array_set_clear_func (processes, clear_info);
  index = g_hash_table_new (NULL, NULL);
  while ((entry = g_dir_read_name (proc)) != NULL)
    {
      char *end = NULL;
      gint64 pid = g_ascii_strtoll (entry, &end, 10);
      CsProcessInfo info = { 0 };
      guint before;

      if (end == entry || *end != '\0' || pid <= 0)
        continue;
      if (!read_process (self, (GPid) pid, &info))
        {
          clear_info (&info);
          continue;
        }
      info.cpu_percent = NAN;
      before = GPOINTER_TO_UINT (g_hash_table_lookup (self->index, GINT_TO_POINTER (info.pid)));
      if (before > 0 && seconds > 0 && ticks_per_second > 0)
        {
          const CsProcessInfo *old = &g_array_index (self->processes, CsProcessInfo, before - 1);

          /* A pid reused by a new process within a refresh would show a
           * negative delta: no value rather than a wrong one. */
          if (info.cpu_ticks >= old->cpu_ticks)
            info.cpu_percent = 100.0 * (double) (info.cpu_ticks - old->cpu_ticks) / ticks_per_second / seconds;
        }
      g_array_append_val (processes, info);
      g_hash_table_insert (index, GINT_TO_POINTER (info.pid), GUINT_TO_POINTER (processes->len));
    }
  g_array_unref (self->processes);
  self->processes = g_steal_pointer (&processes);
  g_hash_table_unref (self->index);
  self->index = g_steal_pointer (&index);
  self->time = now;
  return TRUE;
}

guint
cs_process_table_get_n (CsProcessTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->processes->len;
}

const CsProcessInfo *
cs_process_table_get (CsProcessTable *self,
                      guint           index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->processes->len, NULL);
  return &g_array_index (self->processes, CsProcessInfo, index);
}

const CsProcessInfo *
cs_process_table_lookup (CsProcessTable *self,
                         GPid            pid)
{
  guint position;

  g_return_val_if_fail (self != NULL, NULL);
  position = GPOINTER_TO_UINT (g_hash_table_lookup (self->index, GINT_TO_POINTER (pid)));
  return position > 0 ? &g_array_index (self->processes, CsProcessInfo, position - 1) : NULL;
}
