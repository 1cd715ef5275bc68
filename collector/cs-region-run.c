/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-region-run.c — handing the run's groups to libcyclescope-region and
 * reading back what it counted
 *
 * Kruse's PerfMonService wrote one text file per event with the counts of
 * every module (Kruse, CMSSW Performance Monitoring, 2011, §5.3); here each
 * process that loaded the library writes one file with every thread's
 * counts per region, exclusive and inclusive, for all the run's groups.
 * They become the run's region rows: summed over threads and processes,
 * each thread's share kept beside the sum.
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs-collector-error.h"
#include "cs-counting.h"
#include "cs-region-run-private.h"

/* exclude bits in the order cs-region-lib-private.h gives them */
static guint
exclude_bits (const struct perf_event_attr *a)
{
  return (a->exclude_user ? 1u : 0) | (a->exclude_kernel ? 2u : 0) | (a->exclude_hv ? 4u : 0) |
         (a->exclude_idle ? 8u : 0) | (a->exclude_host ? 16u : 0) | (a->exclude_guest ? 32u : 0);
}

CsRegionRun *
cs_region_run_new (const char *bundle_path,
                   const char *name,
                   GPtrArray  *groups,
                   guint64     skip_events)
{
  CsRegionRun *self = g_new0 (CsRegionRun, 1);
  g_autoptr(GString) v = g_string_new ("1;");
  g_autofree char *prefix = NULL;

  self->dir = g_strdup (bundle_path);
  self->stem = g_strdup_printf (".regions-%s", name);
  self->groups = groups;
  self->skip = skip_events;
  prefix = g_build_filename (bundle_path, self->stem, NULL);

  g_string_append_printf (v, "skip=%" G_GUINT64_FORMAT ";marks=%d;", skip_events, groups == NULL);
  for (guint g = 0; groups != NULL && g < groups->len; g++)
    {
      CsCountingGroup *group = g_ptr_array_index (groups, g);

      g_string_append (v, "group=");
      for (guint e = 0; e < group->events->len; e++)
        {
          const CsCountingEvent *ev = g_ptr_array_index (group->events, e);

          g_string_append_printf (v, "%s%u:0x%" G_GINT64_MODIFIER "x:0x%" G_GINT64_MODIFIER "x:0x%"
                                  G_GINT64_MODIFIER "x:%u", e > 0 ? "," : "", ev->attr.type,
                                  (guint64) ev->attr.config, (guint64) ev->attr.config1,
                                  (guint64) ev->attr.config2, exclude_bits (&ev->attr));
        }
      g_string_append_c (v, ';');
    }
  g_string_append_printf (v, "out=%s", prefix);
  self->value = g_string_free (g_steal_pointer (&v), FALSE);
  self->envp = g_environ_setenv (g_get_environ (), CS_REGION_ENV, self->value, TRUE);
  return self;
}

const char *
cs_region_run_get_value (CsRegionRun *self)
{
  return self->value;
}

const char * const *
cs_region_run_get_envp (CsRegionRun *self)
{
  return (const char * const *) self->envp;
}

void
cs_region_run_free (CsRegionRun *self)
{
  if (self == NULL)
    return;
  g_free (self->dir);
  g_free (self->stem);
  g_free (self->value);
  g_strfreev (self->envp);
  g_free (self);
}

/* The files the processes left: STEM.PID (complete) and STEM.PID.tmp (a
 * process that died while writing), sorted so the first process comes
 * first. */
GPtrArray *
_cs_region_run_list_files (CsRegionRun *self,
                           guint       *n_partial,
                           GError     **error)
{
  g_autoptr(GDir) dir = g_dir_open (self->dir, 0, error);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  gsize stem_len = strlen (self->stem);
  const char *name;

  *n_partial = 0;
  if (dir == NULL)
    return files;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      const char *rest;
      char *end = NULL;

      if (strncmp (name, self->stem, stem_len) != 0 || name[stem_len] != '.')
        continue;
      rest = name + stem_len + 1;
      (void) strtoul (rest, &end, 10);
      if (end == rest)
        continue;
      if (*end == '\0')
        g_ptr_array_add (files, g_build_filename (self->dir, name, NULL));
      else if (strcmp (end, ".tmp") == 0)
        {
          g_autofree char *path = g_build_filename (self->dir, name, NULL);

          (*n_partial)++;
          g_unlink (path);
        }
    }
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  return files;
}

/* counts */

typedef struct
{
  const CsCountingEvent *event;
  guint                  word;      /* index of its value in a snapshot */
  guint                  enabled;   /* index of its group's time_enabled */
} EventSlot;

typedef struct
{
  CsRegionRun *self;
  CsRun       *run;
  GArray      *slots;       /* EventSlot, flattened over the groups */
  guint        width;       /* words per snapshot */
  GHashTable  *regions;     /* name -> CsRegion* of @run */
  guint64      max_events_done;
  guint64      unmatched;
  guint        n_threads;
  GString     *errors;      /* "thread 123: …" */
} Collect;

static void
add_to (GArray         *counts,
        const EventSlot *slots,
        guint           n,
        const guint64  *words,
        gboolean        create)
{
  for (guint e = 0; create && e < n; e++)
    cs_count_array_add (counts, slots[e].event->name, slots[e].event->event, slots[e].event->fstr, 0, 0, 0);
  for (guint e = 0; e < n; e++)
    {
      const EventSlot *s = &slots[e];
      guint64 enabled = words[s->enabled], running = MIN (words[s->enabled + 1], enabled);
      CsCount *c = &g_array_index (counts, CsCount, counts->len - n + e);

      c->value += words[s->word];
      c->time_enabled += enabled;
      c->time_running += running;
    }
}

static CsRegion *
region_for (Collect    *c,
            const char *name)
{
  CsRegion *region = g_hash_table_lookup (c->regions, name);

  if (region == NULL)
    {
      region = cs_run_add_region (c->run, name);
      region->calls = 0;
      for (guint e = 0; e < c->slots->len; e++)
        {
          const EventSlot *s = &g_array_index (c->slots, EventSlot, e);

          cs_count_array_add (region->counts, s->event->name, s->event->event, s->event->fstr, 0, 0, 0);
          cs_count_array_add (region->inclusive, s->event->name, s->event->event, s->event->fstr, 0, 0, 0);
        }
      g_hash_table_insert (c->regions, region->name, region);
    }
  return region;
}

static char *
unescape (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    {
      if (*p == '\\' && p[1] == 'n')
        g_string_append_c (s, '\n'), p++;
      else if (*p == '\\' && p[1] == '\\')
        g_string_append_c (s, '\\'), p++;
      else
        g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}

static gboolean
parse_u64s (const char *text,
            guint64    *out,
            guint       n)
{
  const char *p = text;

  for (guint i = 0; i < n; i++)
    {
      char *end = NULL;

      while (*p == ' ')
        p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      errno = 0;
      out[i] = g_ascii_strtoull (p, &end, 10);
      if (errno != 0)
        return FALSE;
      p = end;
    }
  while (*p == ' ')
    p++;
  return *p == '\0';
}

static gboolean
check_groups (Collect    *c,
              const char *text)
{
  g_auto(GStrv) f = g_strsplit (text, " ", -1);
  guint n = g_strv_length (f);

  if (n < 1 || g_ascii_strtoull (f[0], NULL, 10) != c->self->groups->len ||
      n != c->self->groups->len + 1)
    return FALSE;
  for (guint g = 0; g < c->self->groups->len; g++)
    {
      CsCountingGroup *group = g_ptr_array_index (c->self->groups, g);

      if (g_ascii_strtoull (f[g + 1], NULL, 10) != group->events->len)
        return FALSE;
    }
  return TRUE;
}

/* One process's file; errors name it and the line. */
static gboolean
read_counts_file (Collect     *c,
                  const char  *path,
                  GError     **error)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint64 *words = g_new0 (guint64, 2 + 2 * c->width);
  gint64 pid = 0;
  g_autofree char *comm = NULL;
  gint64 tid = -1;
  gboolean ended = FALSE, header = FALSE;

  if (!g_file_get_contents (path, &text, NULL, error))
    return FALSE;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL && !ended; i++)
    {
      const char *l = lines[i];
      gboolean ok = TRUE;

      if (i == 0)
        ok = header = strcmp (l, "cyclescope-regions 1") == 0;
      else if (g_str_has_prefix (l, "pid "))
        pid = g_ascii_strtoll (l + 4, NULL, 10);
      else if (g_str_has_prefix (l, "events_done "))
        c->max_events_done = MAX (c->max_events_done, g_ascii_strtoull (l + 12, NULL, 10));
      else if (g_str_has_prefix (l, "skip "))
        ;
      else if (g_str_has_prefix (l, "groups "))
        {
          if (!check_groups (c, l + 7))
            {
              g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                           _("%s, line %u: the region library counted the groups “%s”, not the "
                             "ones it was given: the program loaded a libcyclescope-region of "
                             "another version"), path, i + 1, l + 7);
              return FALSE;
            }
        }
      else if (g_str_has_prefix (l, "name "))
        {
          char *end = NULL;
          guint64 id = g_ascii_strtoull (l + 5, &end, 10);

          ok = id == names->len + 1 && end != NULL && *end == ' ';
          if (ok)
            g_ptr_array_add (names, unescape (end + 1));
        }
      else if (g_str_has_prefix (l, "thread "))
        {
          tid = g_ascii_strtoll (l + 7, NULL, 10);
          g_clear_pointer (&comm, g_free);
          c->n_threads++;
        }
      else if (g_str_has_prefix (l, "comm "))
        {
          g_free (comm);
          comm = unescape (l + 5);
        }
      else if (g_str_has_prefix (l, "rdpmc "))
        ;
      else if (g_str_has_prefix (l, "error "))
        g_string_append_printf (c->errors, "%s%" G_GINT64_FORMAT ": %s",
                                c->errors->len > 0 ? "; " : "", tid, strchr (l + 6, ' ') ? strchr (l + 6, ' ') + 1 : l + 6);
      else if (g_str_has_prefix (l, "unmatched "))
        c->unmatched += g_ascii_strtoull (l + 10, NULL, 10);
      else if (g_str_has_prefix (l, "r ") && tid >= 0)
        {
          const EventSlot *slots = (const EventSlot *) (gpointer) c->slots->data;
          guint n = c->slots->len;
          CsRegion *region;
          CsThreadCounts *thread;

          ok = parse_u64s (l + 2, words, 2 + 2 * c->width) && words[0] >= 1 && words[0] <= names->len;
          if (ok)
            {
              region = region_for (c, g_ptr_array_index (names, words[0] - 1));
              region->calls += words[1];
              add_to (region->counts, slots, n, words + 2, FALSE);
              add_to (region->inclusive, slots, n, words + 2 + c->width, FALSE);
              thread = cs_region_add_thread (region, pid, tid, comm);
              thread->calls = words[1];
              add_to (thread->counts, slots, n, words + 2, TRUE);
              add_to (thread->inclusive, slots, n, words + 2 + c->width, TRUE);
            }
        }
      else if (strcmp (l, "end") == 0)
        ended = TRUE;
      else if (l[0] != '\0')
        ok = FALSE;

      if (!ok)
        {
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                       _("%s, line %u: not what libcyclescope-region writes (“%.60s”)"),
                       path, i + 1, l);
          return FALSE;
        }
    }
  if (!header || !ended)
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("%s: incomplete (no “end” line): the process stopped while writing its "
                     "region counts"), path);
      return FALSE;
    }
  return TRUE;
}

/* No session: the run was interrupted, nothing to say about it. */
static void
warn (CsSession  *session,
      const char *text)
{
  if (session != NULL)
    cs_session_add_warning (session, text);
}

void
_cs_region_run_warn_never_called (CsSession  *session,
                                  const char *label,
                                  guint       n_partial)
{
  g_autofree char *text = NULL;

  if (n_partial > 0)
    text = g_strdup_printf (_("%s: the program stopped while writing its region counts; "
                              "no region was recorded."), label);
  else
    text = g_strdup_printf (_("%s: the program never called libcyclescope-region, so no region "
                              "was recorded. Build it with `pkg-config --cflags --libs "
                              "cyclescope-region` and mark its modules with cs_region_begin() "
                              "and cs_region_end() (a program killed by a signal or ended with "
                              "_exit() hands nothing over either)."), label);
  warn (session, text);
}

void
_cs_region_run_warn_details (CsRegionRun *self,
                             CsSession   *session,
                             const char  *label,
                             guint        n_regions,
                             guint64      events_done,
                             guint64      unmatched,
                             const char  *errors)
{
  if (n_regions == 0 && self->skip > 0 && events_done <= self->skip)
    {
      g_autofree char *text =
        g_strdup_printf (_("%s: the program finished %" PRIu64 " framework events "
                           "(cs_region_event_done()), no more than --skip-events %" PRIu64
                           ", so no region was recorded."), label, events_done, self->skip);
      warn (session, text);
    }
  else if (n_regions == 0)
    {
      g_autofree char *text =
        g_strdup_printf (_("%s: the program loaded libcyclescope-region but never entered a "
                           "region (cs_region_begin())."), label);
      warn (session, text);
    }
  if (errors != NULL && errors[0] != '\0')
    {
      g_autofree char *text =
        g_strdup_printf (_("%s: the region counters could not be opened on some threads (thread "
                           "%s); their regions have calls but no counts."), label, errors);
      warn (session, text);
    }
  if (unmatched > 0)
    {
      g_autofree char *text =
        g_strdup_printf (_("%s: cs_region_end() found no region open (%" PRIu64 " of its calls); "
                           "check that every cs_region_begin() has its end."),
                         label, unmatched);
      warn (session, text);
    }
}

gboolean
cs_region_run_collect_counts (CsRegionRun  *self,
                              CsRun        *run,
                              CsSession    *session,
                              const char   *label,
                              GError      **error)
{
  g_autoptr(GHashTable) regions = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) slots = g_array_new (FALSE, FALSE, sizeof (EventSlot));
  g_autoptr(GString) errors = g_string_new (NULL);
  g_autoptr(GPtrArray) files = NULL;
  Collect c = { self, run, slots, 0, regions, 0, 0, 0, errors };
  guint n_partial;
  gboolean ok = TRUE;

  g_return_val_if_fail (self->groups != NULL, FALSE);

  for (guint g = 0; g < self->groups->len; g++)
    {
      CsCountingGroup *group = g_ptr_array_index (self->groups, g);

      for (guint e = 0; e < group->events->len; e++)
        {
          EventSlot s = { g_ptr_array_index (group->events, e), c.width + 2 + e, c.width };

          g_array_append_val (slots, s);
        }
      c.width += 2 + group->events->len;
    }

  files = _cs_region_run_list_files (self, &n_partial, NULL);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);

      if (ok && !read_counts_file (&c, path, error))
        ok = FALSE;
      g_unlink (path);
    }
  if (!ok)
    return FALSE;
  if (files->len == 0)
    _cs_region_run_warn_never_called (session, label, n_partial);
  else
    _cs_region_run_warn_details (self, session, label, run->regions->len, c.max_events_done,
                                 c.unmatched, errors->str);
  return TRUE;
}
