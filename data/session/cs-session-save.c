/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-session-save.c — writing session.json atomically
 *
 * The collector saves after every run so that an interrupted recording keeps
 * what it measured; a save that fails half-way (disk full, quota, read-only
 * directory) must therefore never damage the previous session.json. The new
 * text goes to session.json.tmp, is fsync'ed, then renamed over the old file.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-c/json.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "cs-error.h"
#include "cs-session.h"
#include "cs-session-private.h"
#include "cs-system.h"
#include "cs-text.h"

/* JSON text is UTF-8: a command line or host name from the system that is
 * not (a file name's bytes) is written with \xNN for those bytes. */
static json_object *
text (const char *s)
{
  g_autofree char *valid = cs_text_make_valid (s, -1);

  return json_object_new_string (valid);
}

static json_object *
string_or_null (const char *s)
{
  return s != NULL ? text (s) : NULL;
}

/* json-c would print NaN and infinities as bare words, which is not JSON;
 * null reads back as "not measured". */
static json_object *
seconds (double s)
{
  return isfinite (s) ? json_object_new_double (s) : NULL;
}

static json_object *
string_list (const char * const *strv)
{
  json_object *arr = json_object_new_array ();

  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    json_object_array_add (arr, text (strv[i]));
  return arr;
}

static json_object *
counts_to_json (GArray *counts)
{
  json_object *arr = json_object_new_array ();

  for (guint i = 0; i < counts->len; i++)
    {
      const CsCount *c = &g_array_index (counts, CsCount, i);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "name", text (c->name));
      json_object_object_add (o, "event", text (c->event != NULL ? c->event : c->name));
      json_object_object_add (o, "fstr", string_or_null (c->fstr));
      json_object_object_add (o, "value", json_object_new_uint64 (c->value));
      json_object_object_add (o, "time_enabled", json_object_new_uint64 (c->time_enabled));
      json_object_object_add (o, "time_running", json_object_new_uint64 (c->time_running));
      json_object_array_add (arr, o);
    }
  return arr;
}

/* Optional members (libcyclescope-region): left out when not recorded, so
 * hand-written sessions round-trip unchanged. */
static void
region_extras_to_json (json_object    *r,
                       const CsRegion *region)
{
  json_object *threads;

  if (region->inclusive->len > 0)
    json_object_object_add (r, "inclusive", counts_to_json (region->inclusive));
  if (region->threads->len == 0)
    return;
  threads = json_object_new_array ();
  for (guint t = 0; t < region->threads->len; t++)
    {
      const CsThreadCounts *thread = g_ptr_array_index (region->threads, t);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "pid", json_object_new_int64 (thread->pid));
      json_object_object_add (o, "tid", json_object_new_int64 (thread->tid));
      json_object_object_add (o, "comm", string_or_null (thread->comm));
      json_object_object_add (o, "calls", json_object_new_uint64 (thread->calls));
      json_object_object_add (o, "counts", counts_to_json (thread->counts));
      if (thread->inclusive->len > 0)
        json_object_object_add (o, "inclusive", counts_to_json (thread->inclusive));
      json_object_array_add (threads, o);
    }
  json_object_object_add (r, "threads", threads);
}

static void
rusage_to_json (json_object    *o,
                const CsRusage *u)
{
  json_object *r;

  if (!u->present)
    return;
  r = json_object_new_object ();
  json_object_object_add (r, "voluntary_switches", json_object_new_uint64 (u->voluntary_switches));
  json_object_object_add (r, "involuntary_switches", json_object_new_uint64 (u->involuntary_switches));
  json_object_object_add (r, "max_rss_kb", json_object_new_uint64 (u->max_rss_kb));
  json_object_object_add (r, "minor_faults", json_object_new_uint64 (u->minor_faults));
  json_object_object_add (r, "major_faults", json_object_new_uint64 (u->major_faults));
  json_object_object_add (o, "rusage", r);
}

static json_object *
run_to_json (const CsRun *run)
{
  json_object *o = json_object_new_object ();
  json_object *regions = json_object_new_array ();

  json_object_object_add (o, "index", json_object_new_int64 (run->index));
  json_object_object_add (o, "group", string_or_null (run->group));
  json_object_object_add (o, "multiplexed", json_object_new_boolean (run->multiplexed));
  json_object_object_add (o, "status", text (cs_run_status_to_string (run->status)));
  json_object_object_add (o, "exit_code", json_object_new_int (run->exit_code));
  json_object_object_add (o, "term_signal", json_object_new_int (run->term_signal));
  json_object_object_add (o, "wall_seconds", seconds (run->wall_seconds));
  json_object_object_add (o, "user_seconds", seconds (run->user_seconds));
  json_object_object_add (o, "system_seconds", seconds (run->system_seconds));
  json_object_object_add (o, "counts", counts_to_json (run->counts));
  for (guint i = 0; i < run->regions->len; i++)
    {
      const CsRegion *region = g_ptr_array_index (run->regions, i);
      json_object *r = json_object_new_object ();

      json_object_object_add (r, "name", text (region->name));
      json_object_object_add (r, "calls", json_object_new_uint64 (region->calls));
      json_object_object_add (r, "counts", counts_to_json (region->counts));
      region_extras_to_json (r, region);
      json_object_array_add (regions, r);
    }
  json_object_object_add (o, "regions", regions);
  rusage_to_json (o, &run->rusage);
  return o;
}

static json_object *
sampling_run_to_json (const CsSamplingRun *run)
{
  json_object *o = json_object_new_object ();

  json_object_object_add (o, "index", json_object_new_int64 (run->index));
  json_object_object_add (o, "perf_data", string_or_null (run->perf_data));
  json_object_object_add (o, "event", string_or_null (run->event));
  json_object_object_add (o, "event_string", string_or_null (run->event_string));
  json_object_object_add (o, "period", json_object_new_uint64 (run->period));
  json_object_object_add (o, "frequency", json_object_new_uint64 (run->frequency));
  json_object_object_add (o, "callchains", json_object_new_boolean (run->callchains));
  json_object_object_add (o, "user_regs", json_object_new_boolean (run->user_regs));
  json_object_object_add (o, "n_samples", json_object_new_uint64 (run->n_samples));
  json_object_object_add (o, "n_lost", json_object_new_uint64 (run->n_lost));
  json_object_object_add (o, "status", text (cs_run_status_to_string (run->status)));
  json_object_object_add (o, "exit_code", json_object_new_int (run->exit_code));
  json_object_object_add (o, "term_signal", json_object_new_int (run->term_signal));
  json_object_object_add (o, "wall_seconds", seconds (run->wall_seconds));
  if (run->kallsyms != NULL)
    {
      json_object *k = json_object_new_object ();

      json_object_object_add (k, "file", text (run->kallsyms));
      json_object_object_add (k, "boot_id", string_or_null (run->kallsyms_boot_id));
      json_object_object_add (k, "kernel_release", string_or_null (run->kallsyms_release));
      json_object_object_add (k, "modules_sha256", string_or_null (run->kallsyms_modules));
      json_object_object_add (o, "kallsyms", k);
    }
  if (run->regions != NULL)
    json_object_object_add (o, "regions", json_object_new_string (run->regions));
  if (run->same_run)
    json_object_object_add (o, "counting_run", json_object_new_int64 (run->counting_run));
  rusage_to_json (o, &run->rusage);
  return o;
}

static json_object *
session_to_json (CsSession *self)
{
  json_object *root = json_object_new_object ();
  json_object *host = json_object_new_object ();
  json_object *command = json_object_new_object ();
  json_object *runs = json_object_new_array ();
  json_object *sampling = json_object_new_array ();
  g_autofree char *start = NULL;

  json_object_object_add (root, "format", json_object_new_int (CS_SESSION_FORMAT_VERSION));
  json_object_object_add (root, "generator", text ("cyclescope " PACKAGE_VERSION));

  json_object_object_add (host, "hostname", string_or_null (self->hostname));
  json_object_object_add (host, "cpu_model", string_or_null (self->cpu_model));
  json_object_object_add (host, "pmu", string_or_null (self->pmu_name));
  json_object_object_add (host, "pmu_description", string_or_null (self->pmu_description));
  json_object_object_add (host, "kernel_release", string_or_null (self->kernel_release));
  json_object_object_add (host, "n_cpus", json_object_new_int64 (self->n_cpus));
  json_object_object_add (root, "host", host);

  json_object_object_add (command, "argv", string_list (cs_session_get_argv (self)));
  json_object_object_add (command, "cwd", string_or_null (self->cwd));
  json_object_object_add (root, "command", command);

  json_object_object_add (root, "model", string_or_null (self->model_id));
  json_object_object_add (root, "cycles_alias", string_or_null (self->cycles_alias));
  json_object_object_add (root, "mode", text (self->mode));
  if (self->start_time != NULL)
    start = g_date_time_format_iso8601 (self->start_time);
  json_object_object_add (root, "start_time", string_or_null (start));
  json_object_object_add (root, "duration", seconds (self->duration));
  json_object_object_add (root, "complete", json_object_new_boolean (self->complete));

  for (guint i = 0; i < self->runs->len; i++)
    json_object_array_add (runs, run_to_json (g_ptr_array_index (self->runs, i)));
  json_object_object_add (root, "runs", runs);
  for (guint i = 0; i < self->sampling_runs->len; i++)
    json_object_array_add (sampling, sampling_run_to_json (g_ptr_array_index (self->sampling_runs, i)));
  json_object_object_add (root, "sampling_runs", sampling);

  json_object_object_add (root, "notes", string_list (cs_session_get_notes (self)));
  json_object_object_add (root, "warnings", string_list (cs_session_get_warnings (self)));
  return root;
}

char *
cs_session_to_json (CsSession *self)
{
  json_object *root;
  char *text;

  g_return_val_if_fail (CS_IS_SESSION (self), NULL);

  root = session_to_json (self);
  text = g_strconcat (json_object_to_json_string_ext (root, JSON_C_TO_STRING_PRETTY |
                                                            JSON_C_TO_STRING_SPACED |
                                                            JSON_C_TO_STRING_NOSLASHESCAPE),
                      "\n", NULL);
  json_object_put (root);
  return text;
}

static gboolean
check_counts (GArray      *counts,
              const char  *where,
              GError     **error)
{
  for (guint i = 0; i < counts->len; i++)
    {
      const CsCount *c = &g_array_index (counts, CsCount, i);

      if (c->value == G_MAXUINT64 || c->time_enabled == G_MAXUINT64 || c->time_running == G_MAXUINT64)
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                       _("%s.counts[%u] (%s): 18446744073709551615 cannot be stored "
                         "(the loader cannot tell it from an overflow)"), where, i, c->name);
          return FALSE;
        }
    }
  return TRUE;
}

/* What the loader would refuse is refused here, so that every saved file
 * opens again. */
static gboolean
check_saveable (CsSession  *self,
                GError    **error)
{
  for (guint i = 0; i < self->runs->len; i++)
    {
      CsRun *run = g_ptr_array_index (self->runs, i);
      g_autofree char *where = g_strdup_printf ("runs[%u]", i);

      if (!check_counts (run->counts, where, error))
        return FALSE;
      for (guint j = 0; j < run->regions->len; j++)
        {
          g_autofree char *rwhere = g_strdup_printf ("runs[%u].regions[%u]", i, j);

          CsRegion *region = g_ptr_array_index (run->regions, j);

          if (!check_counts (region->counts, rwhere, error) ||
              !check_counts (region->inclusive, rwhere, error))
            return FALSE;
          for (guint t = 0; t < region->threads->len; t++)
            {
              CsThreadCounts *thread = g_ptr_array_index (region->threads, t);

              if (!check_counts (thread->counts, rwhere, error) ||
                  !check_counts (thread->inclusive, rwhere, error))
                return FALSE;
            }
        }
    }
  for (guint i = 0; i < self->sampling_runs->len; i++)
    {
      CsSamplingRun *run = g_ptr_array_index (self->sampling_runs, i);

      if (run->perf_data == NULL || run->event == NULL)
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                       _("sampling_runs[%u] has no perf.data file name or no event"), i);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean io_error (GError     **error,
                          const char  *format,
                          ...) G_GNUC_PRINTF (2, 3);

/* Says what failed (@format: the path and the system's reason) and that
 * nothing was lost. */
static gboolean
io_error (GError     **error,
          const char  *format,
          ...)
{
  g_autofree char *msg = NULL;
  va_list args;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO, "%s %s", msg,
               _("The previous session.json, if any, is unchanged."));
  return FALSE;
}

gboolean
cs_session_save (CsSession   *self,
                 const char  *bundle_path,
                 GError     **error)
{
  g_autofree char *text = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *final = NULL;
  int fd, dir_fd, saved_errno;

  g_return_val_if_fail (CS_IS_SESSION (self), FALSE);
  g_return_val_if_fail (bundle_path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_saveable (self, error))
    return FALSE;

  if (g_mkdir_with_parents (bundle_path, 0755) != 0)
    {
      saved_errno = errno;
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                   _("Could not create the session directory “%s”: %s"),
                   bundle_path, g_strerror (saved_errno));
      return FALSE;
    }

  text = cs_session_to_json (self);
  tmp = g_build_filename (bundle_path, "session.json.tmp", NULL);
  final = g_build_filename (bundle_path, "session.json", NULL);

  /* Relative to the bundle's directory and never through a symbolic link
   * planted as session.json.tmp: a save writes inside the bundle only. */
  dir_fd = g_open (bundle_path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (dir_fd < 0)
    return io_error (error, _("Could not create “%s”: %s."), tmp, g_strerror (errno));
  fd = openat (dir_fd, "session.json.tmp", O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      saved_errno = errno;
      close (dir_fd);
      return io_error (error, _("Could not create “%s”: %s."), tmp, g_strerror (saved_errno));
    }

  if (!cs_write_all (fd, text, strlen (text)) || fsync (fd) != 0)
    {
      saved_errno = errno;
      close (fd);
      unlinkat (dir_fd, "session.json.tmp", 0);
      close (dir_fd);
      return io_error (error, _("Could not write “%s”: %s."), tmp, g_strerror (saved_errno));
    }
  if (close (fd) != 0)
    {
      saved_errno = errno;
      unlinkat (dir_fd, "session.json.tmp", 0);
      close (dir_fd);
      return io_error (error, _("Could not write “%s”: %s."), tmp, g_strerror (saved_errno));
    }
  if (renameat (dir_fd, "session.json.tmp", dir_fd, "session.json") != 0)
    {
      saved_errno = errno;
      unlinkat (dir_fd, "session.json.tmp", 0);
      close (dir_fd);
      return io_error (error, _("Could not replace “%s”: %s."), final, g_strerror (saved_errno));
    }

  /* The rename itself must reach the disk, or a crash could bring back the
   * old file; failing to sync a directory is not worth failing the save. */
  (void) fsync (dir_fd);
  close (dir_fd);

  cs_session_set_bundle_path (self, bundle_path);
  return TRUE;
}
