/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-session-json-counts.c — reading a run's counts and regions from session.json */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "cs-session-json-private.h"
#include "cs-session-private.h"

/* The array @key of counts (required: "counts"; optional: "inclusive"). */
static gboolean
read_count_list (CsJsonReader *r,
                 json_object  *obj,
                 const char   *key,
                 gboolean      required,
                 GArray       *out)
{
  json_object *arr;
  gsize saved;

  if (!cs_jr_container (r, obj, key, json_type_array, required, &arr, &saved))
    return FALSE;
  for (gsize i = 0; arr != NULL && i < json_object_array_length (arr); i++)
    {
      json_object *c = json_object_array_get_idx (arr, i);
      CsCount count = { 0 };
      gsize s = cs_jr_push_index (r, i);
      gboolean ok;

      if (!json_object_is_type (c, json_type_object))
        return cs_jr_expected (r, _("an object"), c);
      ok = cs_jr_string (r, c, "name", TRUE, FALSE, &count.name) &&
           cs_jr_string (r, c, "event", FALSE, FALSE, &count.event) &&
           cs_jr_string (r, c, "fstr", FALSE, TRUE, &count.fstr) &&
           cs_jr_uint64 (r, c, "value", TRUE, &count.value) &&
           cs_jr_uint64 (r, c, "time_enabled", TRUE, &count.time_enabled) &&
           cs_jr_uint64 (r, c, "time_running", TRUE, &count.time_running);
      if (ok && count.time_running > count.time_enabled)
        {
          cs_jr_push_key (r, "time_running");
          ok = cs_jr_fail (r, CS_DATA_ERROR_INVALID,
                           _("%" PRIu64 " ns is more than time_enabled (%" PRIu64
                             " ns); the kernel never reports that"), count.time_running, count.time_enabled);
        }
      if (count.event == NULL)
        count.event = g_strdup (count.name);
      /* The array's clear function owns the strings from here on. */
      g_array_append_val (out, count);
      if (!ok)
        return FALSE;
      cs_jr_pop (r, s);
    }
  cs_jr_pop (r, saved);
  return TRUE;
}

gboolean
_cs_session_read_counts (CsJsonReader *r,
                         json_object  *obj,
                         GArray       *out)
{
  return read_count_list (r, obj, "counts", TRUE, out);
}

/* Optional: a region's share per thread (libcyclescope-region). */
static gboolean
read_region_threads (CsJsonReader *r,
                     json_object  *obj,
                     CsRegion     *region)
{
  json_object *arr;
  gsize saved;

  if (!cs_jr_container (r, obj, "threads", json_type_array, FALSE, &arr, &saved))
    return FALSE;
  for (gsize i = 0; arr != NULL && i < json_object_array_length (arr); i++)
    {
      json_object *o = json_object_array_get_idx (arr, i);
      gsize s = cs_jr_push_index (r, i);
      g_autofree char *comm = NULL;
      gint64 pid = 0, tid = 0;
      CsThreadCounts *thread;

      if (!json_object_is_type (o, json_type_object))
        return cs_jr_expected (r, _("an object"), o);
      if (!cs_jr_int (r, o, "pid", 0, G_MAXINT, &pid) ||
          !cs_jr_int (r, o, "tid", 0, G_MAXINT, &tid) ||
          !cs_jr_string (r, o, "comm", FALSE, TRUE, &comm))
        return FALSE;
      thread = cs_region_add_thread (region, pid, tid, comm);
      if (!cs_jr_uint64 (r, o, "calls", FALSE, &thread->calls) ||
          !_cs_session_read_counts (r, o, thread->counts) ||
          !read_count_list (r, o, "inclusive", FALSE, thread->inclusive))
        return FALSE;
      cs_jr_pop (r, s);
    }
  cs_jr_pop (r, saved);
  return TRUE;
}

gboolean
_cs_session_read_regions (CsJsonReader *r,
                          json_object  *obj,
                          CsRun        *run)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  json_object *arr;
  gsize saved;

  if (!cs_jr_container (r, obj, "regions", json_type_array, FALSE, &arr, &saved))
    return FALSE;
  for (gsize i = 0; arr != NULL && i < json_object_array_length (arr); i++)
    {
      json_object *o = json_object_array_get_idx (arr, i);
      g_autofree char *name = NULL;
      CsRegion *region;
      gsize s = cs_jr_push_index (r, i);

      if (!json_object_is_type (o, json_type_object))
        return cs_jr_expected (r, _("an object"), o);
      if (!cs_jr_string (r, o, "name", TRUE, FALSE, &name))
        return FALSE;
      region = cs_run_add_region (run, name);
      if (!g_hash_table_add (seen, region->name))
        {
          cs_jr_push_key (r, "name");
          return cs_jr_fail (r, CS_DATA_ERROR_INVALID,
                             _("region “%s” appears twice in this run"), name);
        }
      if (!cs_jr_uint64 (r, o, "calls", FALSE, &region->calls) ||
          !_cs_session_read_counts (r, o, region->counts) ||
          !read_count_list (r, o, "inclusive", FALSE, region->inclusive) ||
          !read_region_threads (r, o, region))
        return FALSE;
      cs_jr_pop (r, s);
    }
  cs_jr_pop (r, saved);
  return TRUE;
}
