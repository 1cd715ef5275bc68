/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-session-json.c — reading session.json (json-c)
 *
 * The loader builds a fresh session and hands it out only when every member
 * has been checked, so a caller never sees half a session. Every error names
 * the file and the JSON path of the offending member (docs/session-format.md
 * lists the members, their types and defaults).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>
#include <json-c/json.h>
#include <string.h>

#include "cs-file.h"
#include "cs-json-reader.h"
#include "cs-perf-names.h"
#include "cs-session.h"
#include "cs-session-json-private.h"
#include "cs-session-private.h"

static gboolean
read_status (CsJsonReader *r,
             json_object  *obj,
             CsRunStatus  *status)
{
  g_autofree char *text = NULL;
  gsize saved;

  if (!cs_jr_string (r, obj, "status", FALSE, FALSE, &text))
    return FALSE;
  if (text == NULL)
    return TRUE;
  saved = cs_jr_push_key (r, "status");
  if (!cs_run_status_from_string (text, status))
    return cs_jr_fail (r, CS_DATA_ERROR_INVALID,
                       _("unknown status “%s”; expected “ok”, “failed”, “interrupted” or “not-run”"), text);
  cs_jr_pop (r, saved);
  return TRUE;
}

static gboolean
read_index (CsJsonReader *r,
            json_object  *obj,
            gsize         position)
{
  gint64 index = (gint64) position;
  gsize saved;

  if (!cs_jr_int (r, obj, "index", 0, G_MAXINT, &index))
    return FALSE;
  saved = cs_jr_push_key (r, "index");
  /* Runs are referred to by number in the report and the viewer; a number
   * that disagrees with the position is a hand-editing mistake. */
  if (index != (gint64) position)
    return cs_jr_fail (r, CS_DATA_ERROR_INVALID,
                       _("is %" PRId64 " but this is entry %zu of the list "
                         "(indices count from 0 in order)"), index, position);
  cs_jr_pop (r, saved);
  return TRUE;
}

/* Optional (sessions before it have none): the program's rusage at exit. */
static gboolean
read_rusage (CsJsonReader *r,
             json_object  *o,
             CsRusage     *u)
{
  json_object *k;
  gsize saved;

  if (!cs_jr_container (r, o, "rusage", json_type_object, FALSE, &k, &saved))
    return FALSE;
  if (k != NULL &&
      (!cs_jr_uint64 (r, k, "voluntary_switches", FALSE, &u->voluntary_switches) ||
       !cs_jr_uint64 (r, k, "involuntary_switches", FALSE, &u->involuntary_switches) ||
       !cs_jr_uint64 (r, k, "max_rss_kb", FALSE, &u->max_rss_kb) ||
       !cs_jr_uint64 (r, k, "minor_faults", FALSE, &u->minor_faults) ||
       !cs_jr_uint64 (r, k, "major_faults", FALSE, &u->major_faults)))
    return FALSE;
  u->present = k != NULL;
  cs_jr_pop (r, saved);
  return TRUE;
}

static gboolean
read_run (CsJsonReader *r,
          json_object  *o,
          gsize         position,
          CsSession    *session)
{
  CsRun *run = cs_session_add_run (session);
  gint64 exit_code = 0, term_signal = 0;

  if (!json_object_is_type (o, json_type_object))
    return cs_jr_expected (r, _("an object"), o);
  if (!read_index (r, o, position) ||
      !cs_jr_string (r, o, "group", FALSE, TRUE, &run->group) ||
      !cs_jr_bool (r, o, "multiplexed", &run->multiplexed) ||
      !read_status (r, o, &run->status) ||
      !cs_jr_int (r, o, "exit_code", G_MININT, G_MAXINT, &exit_code) ||
      !cs_jr_int (r, o, "term_signal", 0, 128, &term_signal) ||
      !cs_jr_seconds (r, o, "wall_seconds", &run->wall_seconds) ||
      !cs_jr_seconds (r, o, "user_seconds", &run->user_seconds) ||
      !cs_jr_seconds (r, o, "system_seconds", &run->system_seconds) ||
      !_cs_session_read_counts (r, o, run->counts) ||
      !_cs_session_read_regions (r, o, run) ||
      !read_rusage (r, o, &run->rusage))
    return FALSE;
  run->exit_code = (int) exit_code;
  run->term_signal = (int) term_signal;
  return TRUE;
}

/* perf.data names are joined to the bundle directory; anything that could
 * point outside it is refused so that opening a session never reads
 * elsewhere. */
static gboolean
check_perf_data_name (CsJsonReader *r,
                      const char   *name)
{
  g_auto(GStrv) parts = NULL;

  if (g_path_is_absolute (name))
    return cs_jr_fail (r, CS_DATA_ERROR_INVALID,
                       _("“%s” is an absolute path; expected a file name inside the bundle"), name);
  parts = g_strsplit (name, "/", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    if (strcmp (parts[i], "..") == 0)
      return cs_jr_fail (r, CS_DATA_ERROR_INVALID,
                         _("“%s” leaves the bundle; expected a file name inside the bundle"), name);
  return TRUE;
}

/* Optional (older sessions have none): the kernel symbols saved with the
 * run, which must be a file inside the bundle like the perf.data. */
static gboolean
read_kallsyms (CsJsonReader  *r,
               json_object   *o,
               CsSamplingRun *run)
{
  json_object *k;
  gsize saved, file_saved;

  if (!cs_jr_container (r, o, "kallsyms", json_type_object, FALSE, &k, &saved))
    return FALSE;
  if (k == NULL)
    {
      /* The path must not keep "kallsyms" for the members read after it. */
      cs_jr_pop (r, saved);
      return TRUE;
    }
  if (!cs_jr_string (r, k, "file", TRUE, FALSE, &run->kallsyms))
    return FALSE;
  file_saved = cs_jr_push_key (r, "file");
  if (!check_perf_data_name (r, run->kallsyms))
    return FALSE;
  cs_jr_pop (r, file_saved);
  if (!cs_jr_string (r, k, "boot_id", FALSE, TRUE, &run->kallsyms_boot_id) ||
      !cs_jr_string (r, k, "kernel_release", FALSE, TRUE, &run->kallsyms_release) ||
      !cs_jr_string (r, k, "modules_sha256", FALSE, TRUE, &run->kallsyms_modules))
    return FALSE;
  cs_jr_pop (r, saved);
  return TRUE;
}

/* Optional: the counting run the samples were taken in (one run that
 * counted and sampled); it must be one of the runs read before. */
static gboolean
read_counting_run (CsJsonReader  *r,
                   json_object   *o,
                   CsSession     *session,
                   CsSamplingRun *run)
{
  gint64 index = -1;

  if (!cs_jr_int (r, o, "counting_run", -1, G_MAXINT, &index))
    return FALSE;
  if (index < 0)
    return TRUE;
  if ((guint64) index >= cs_session_get_n_runs (session))
    {
      g_autofree char *what = g_strdup_printf (_("the index of one of the %u counting runs"),
                                               cs_session_get_n_runs (session));

      cs_jr_push_key (r, "counting_run");
      return cs_jr_expected (r, what, json_object_object_get (o, "counting_run"));
    }
  run->same_run = TRUE;
  run->counting_run = (guint) index;
  return TRUE;
}

static gboolean
read_sampling_run (CsJsonReader *r,
                   json_object  *o,
                   gsize         position,
                   CsSession    *session)
{
  CsSamplingRun *run = cs_session_add_sampling_run (session);
  gint64 exit_code = 0, term_signal = 0;
  gsize saved;

  if (!json_object_is_type (o, json_type_object))
    return cs_jr_expected (r, _("an object"), o);
  if (!read_index (r, o, position) ||
      !cs_jr_string (r, o, "perf_data", TRUE, FALSE, &run->perf_data))
    return FALSE;
  saved = cs_jr_push_key (r, "perf_data");
  if (!check_perf_data_name (r, run->perf_data))
    return FALSE;
  cs_jr_pop (r, saved);
  if (!cs_jr_string (r, o, "event", TRUE, FALSE, &run->event) ||
      !cs_jr_string (r, o, "event_string", FALSE, FALSE, &run->event_string) ||
      !cs_jr_uint64 (r, o, "period", FALSE, &run->period) ||
      !cs_jr_uint64 (r, o, "frequency", FALSE, &run->frequency) ||
      !cs_jr_bool (r, o, "callchains", &run->callchains) ||
      !cs_jr_bool (r, o, "user_regs", &run->user_regs) ||
      !cs_jr_uint64 (r, o, "n_samples", FALSE, &run->n_samples) ||
      !cs_jr_uint64 (r, o, "n_lost", FALSE, &run->n_lost) ||
      !read_status (r, o, &run->status) ||
      !cs_jr_int (r, o, "exit_code", G_MININT, G_MAXINT, &exit_code) ||
      !cs_jr_int (r, o, "term_signal", 0, 128, &term_signal) ||
      !cs_jr_seconds (r, o, "wall_seconds", &run->wall_seconds) ||
      !read_kallsyms (r, o, run) ||
      !cs_jr_string (r, o, "regions", FALSE, TRUE, &run->regions))
    return FALSE;
  if (run->regions != NULL)
    {
      saved = cs_jr_push_key (r, "regions");
      if (!check_perf_data_name (r, run->regions))
        return FALSE;
      cs_jr_pop (r, saved);
    }
  if (!read_counting_run (r, o, session, run) ||
      !read_rusage (r, o, &run->rusage))
    return FALSE;
  if (run->event_string == NULL)
    run->event_string = g_strdup (run->event);
  /* Bundles before perf's spelling named the event by the model's alias. */
  if (run->event != NULL && cs_perf_event_normalize (run->event) != run->event)
    {
      char *perf = g_strdup (cs_perf_event_normalize (run->event));

      g_free (run->event);
      run->event = perf;
    }
  run->exit_code = (int) exit_code;
  run->term_signal = (int) term_signal;
  return TRUE;
}

static gboolean
read_list (CsJsonReader  *r,
           json_object   *root,
           const char    *key,
           gboolean       required,
           CsSession     *session,
           gboolean     (*read_item) (CsJsonReader *, json_object *, gsize, CsSession *))
{
  json_object *arr;
  gsize saved;

  if (!cs_jr_container (r, root, key, json_type_array, required, &arr, &saved))
    return FALSE;
  for (gsize i = 0; arr != NULL && i < json_object_array_length (arr); i++)
    {
      gsize s = cs_jr_push_index (r, i);

      if (!read_item (r, json_object_array_get_idx (arr, i), i, session))
        return FALSE;
      cs_jr_pop (r, s);
    }
  cs_jr_pop (r, saved);
  return TRUE;
}

static gboolean
read_format (CsJsonReader *r,
             json_object  *root)
{
  json_object *v;
  gsize saved;
  gint64 format;

  if (!cs_jr_member (r, root, "format", _("the format version, an integer"), &v, &saved))
    return FALSE;
  if (!json_object_is_type (v, json_type_int))
    return cs_jr_expected (r, _("the format version, an integer"), v);
  format = json_object_get_int64 (v);
  if (format > CS_SESSION_FORMAT_VERSION)
    return cs_jr_fail (r, CS_DATA_ERROR_VERSION,
                       _("format %" PRId64 " was written by a newer Cyclescope; this version "
                         "reads format %d and older: update Cyclescope to open it"),
                       format, CS_SESSION_FORMAT_VERSION);
  if (format < 1)
    return cs_jr_fail (r, CS_DATA_ERROR_VERSION,
                       _("format %" PRId64 " does not exist; the first format is 1 and the newest %d"),
                       format, CS_SESSION_FORMAT_VERSION);
  cs_jr_pop (r, saved);
  return TRUE;
}

static gboolean
read_host (CsJsonReader *r,
           json_object  *root,
           CsSession    *s)
{
  json_object *host;
  gint64 n_cpus = 0;
  gsize saved;

  if (!cs_jr_container (r, root, "host", json_type_object, TRUE, &host, &saved) ||
      !cs_jr_string (r, host, "hostname", FALSE, TRUE, &s->hostname) ||
      !cs_jr_string (r, host, "cpu_model", FALSE, TRUE, &s->cpu_model) ||
      !cs_jr_string (r, host, "pmu", FALSE, TRUE, &s->pmu_name) ||
      !cs_jr_string (r, host, "pmu_description", FALSE, TRUE, &s->pmu_description) ||
      !cs_jr_string (r, host, "kernel_release", FALSE, TRUE, &s->kernel_release) ||
      !cs_jr_int (r, host, "n_cpus", 0, G_MAXINT, &n_cpus))
    return FALSE;
  s->n_cpus = (guint) n_cpus;
  cs_jr_pop (r, saved);
  return TRUE;
}

static gboolean
read_command (CsJsonReader *r,
              json_object  *root,
              CsSession    *s)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  json_object *command;
  gsize saved;

  if (!cs_jr_container (r, root, "command", json_type_object, TRUE, &command, &saved) ||
      !cs_jr_string_list (r, command, "argv", TRUE, argv) ||
      !cs_jr_string (r, command, "cwd", FALSE, TRUE, &s->cwd))
    return FALSE;
  if (argv->len == 0)
    {
      cs_jr_push_key (r, "argv");
      return cs_jr_fail (r, CS_DATA_ERROR_INVALID, _("is empty; expected at least the program name"));
    }
  g_strfreev (s->argv);
  s->argv = (GStrv) g_ptr_array_steal (argv, NULL);
  cs_jr_pop (r, saved);
  return TRUE;
}

static gboolean
read_session (CsJsonReader *r,
              json_object  *root,
              CsSession    *s)
{
  g_autofree char *start_time = NULL;

  if (!json_object_is_type (root, json_type_object))
    return cs_jr_expected (r, _("an object"), root);
  if (!read_format (r, root) ||
      !read_host (r, root, s) ||
      !read_command (r, root, s))
    return FALSE;

  /* "model" must be present so that a hand-written file says what it is
   * analysed with, but may be null (plain perf recordings have none). */
  if (!cs_jr_string (r, root, "model", TRUE, TRUE, &s->model_id) ||
      !cs_jr_string (r, root, "cycles_alias", FALSE, TRUE, &s->cycles_alias) ||
      !cs_jr_string (r, root, "mode", FALSE, FALSE, &s->mode))
    return FALSE;
  if (g_strcmp0 (s->mode, "runs") != 0 && g_strcmp0 (s->mode, "multiplex") != 0 &&
      g_strcmp0 (s->mode, "perf") != 0)
    {
      cs_jr_push_key (r, "mode");
      return cs_jr_fail (r, CS_DATA_ERROR_INVALID,
                         _("unknown mode “%s”; expected “runs”, “multiplex” or “perf”"), s->mode);
    }

  if (!cs_jr_string (r, root, "start_time", FALSE, TRUE, &start_time))
    return FALSE;
  if (start_time != NULL)
    {
      s->start_time = g_date_time_new_from_iso8601 (start_time, NULL);
      if (s->start_time == NULL)
        {
          cs_jr_push_key (r, "start_time");
          return cs_jr_fail (r, CS_DATA_ERROR_INVALID,
                             _("“%s” is not an ISO 8601 date and time with a time zone "
                               "(e.g. 2024-03-01T14:05:00Z)"), start_time);
        }
    }

  s->complete = TRUE;
  if (!cs_jr_seconds (r, root, "duration", &s->duration) ||
      !cs_jr_bool (r, root, "complete", &s->complete) ||
      !read_list (r, root, "runs", TRUE, s, read_run) ||
      !read_list (r, root, "sampling_runs", FALSE, s, read_sampling_run) ||
      !cs_jr_string_list (r, root, "notes", FALSE, s->notes) ||
      !cs_jr_string_list (r, root, "warnings", FALSE, s->warnings))
    return FALSE;
  return TRUE;
}

CsSession *
cs_session_load_from_data (const char  *json,
                           gssize       len,
                           const char  *filename,
                           GError     **error)
{
  g_autoptr(CsSession) session = NULL;
  g_autoptr(GString) path = g_string_new (NULL);
  json_object *root;
  CsJsonReader r = { filename != NULL ? filename : "session.json", path, error };

  g_return_val_if_fail (json != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  root = cs_jr_parse (json, len, r.filename, error);
  if (root == NULL)
    return NULL;

  session = cs_session_new ();
  if (!read_session (&r, root, session))
    {
      json_object_put (root);
      return NULL;
    }
  json_object_put (root);
  return g_steal_pointer (&session);
}

CsSession *
cs_session_new_for_perf_data (const char *path)
{
  CsSession *session = cs_session_new ();
  g_autofree char *abs = g_canonicalize_filename (path, NULL);
  g_autofree char *dir = g_path_get_dirname (abs);
  CsSamplingRun *run;

  cs_session_set_mode (session, "perf");
  cs_session_set_complete (session, TRUE);
  cs_session_set_bundle_path (session, dir);
  run = cs_session_add_sampling_run (session);
  run->perf_data = g_path_get_basename (abs);
  return session;
}

/* Far more than the runs of any recording take (a 200 000-run session is
 * about 100 MB): json-c would need several times this in memory. */
#define CS_SESSION_JSON_MAX ((gsize) 1 << 30)

static gboolean
is_perf_data (const char *file)
{
  char magic[8];

  return cs_file_read_head (file, magic, sizeof magic) == sizeof magic &&
         memcmp (magic, "PERFILE2", 8) == 0;
}

CsSession *
cs_session_load (const char  *path,
                 GError     **error)
{
  g_autofree char *file = NULL;
  g_autofree char *bundle = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) local_error = NULL;
  CsSession *session;
  gsize len;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      bundle = g_strdup (path);
      file = g_build_filename (path, "session.json", NULL);
      if (!g_file_test (file, G_FILE_TEST_EXISTS))
        {
          g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_NOT_FOUND,
                       _("%s: not a Cyclescope session: the directory has no session.json"), path);
          return NULL;
        }
    }
  else
    {
      file = g_strdup (path);
      bundle = g_path_get_dirname (path);
    }

  /* A plain perf.data is opened by the perf reader: looked at by its magic
   * before the whole file is read as JSON. */
  if (is_perf_data (file))
    return cs_session_new_for_perf_data (file);
  if (!cs_file_read_regular (file, CS_SESSION_JSON_MAX, &contents, &len, &local_error))
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                   _("Could not read the session: %s"), local_error->message);
      return NULL;
    }

  /* Say what the file is not, before a JSON parser says where it broke. */
  if (len == 0)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                   _("%s is empty (0 bytes): it holds no recording. Open a perf.data file or a "
                     "Cyclescope session folder."), file);
      return NULL;
    }
  {
    gsize i = 0;

    while (i < len && g_ascii_isspace (contents[i]))
      i++;
    if (i == len || (contents[i] != '{' && contents[i] != '['))
      {
        g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_INVALID,
                     _("%s is not a recording: a perf.data file starts with “PERFILE2” and a "
                       "session.json with “{”. Open a perf.data file or a Cyclescope session folder."),
                     file);
        return NULL;
      }
  }

  session = cs_session_load_from_data (contents, len, file, error);
  if (session != NULL)
    cs_session_set_bundle_path (session, bundle);
  return session;
}
