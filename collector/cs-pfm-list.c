/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-pfm-list.c — listing libpfm4's event tables and suggesting close names
 *
 * libpfm4 keeps the tables of every PMU it was built with, active or not, so
 * `cyclescope events --pmu core` can show Core 2 events on any machine even
 * though only the active PMUs encode.
 */
#define _GNU_SOURCE
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-collector-error.h"
#include "cs-pfm-private.h"
#include <perfmon/pfmlib_perf_event.h>

void
cs_event_info_free (CsEventInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->pmu);
  g_free (info->name);
  g_free (info->description);
  g_clear_pointer (&info->attrs, g_ptr_array_unref);
  g_free (info);
}

static void
event_attr_info_free (CsEventAttrInfo *info)
{
  g_free (info->name);
  g_free (info->description);
  g_free (info);
}

void
cs_pmu_info_free (CsPmuInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->name);
  g_free (info->description);
  g_free (info);
}

static gboolean
find_pmu_id (const char *name,
             pfm_pmu_t  *out)
{
  pfm_pmu_t pmu;

  pfm_for_all_pmus (pmu)
    {
      pfm_pmu_info_t info;

      if (_cs_pfm_get_pmu_info (pmu, &info) && g_ascii_strcasecmp (info.name, name) == 0)
        {
          *out = pmu;
          return TRUE;
        }
    }
  return FALSE;
}

CsPmuInfo *
cs_pfm_find_pmu (const char *name)
{
  const CsPmuInfo *host;
  pfm_pmu_info_t info;
  pfm_pmu_t id;
  CsPmuInfo *out;

  g_return_val_if_fail (name != NULL, NULL);

  if (!_cs_pfm_ready () || !find_pmu_id (name, &id) || !_cs_pfm_get_pmu_info (id, &info))
    return NULL;

  host = cs_pfm_get_host_pmu ();
  out = g_new0 (CsPmuInfo, 1);
  out->name = g_strdup (info.name);
  out->description = g_strdup (info.desc);
  out->pmu_id = id;
  out->n_generic = MAX (info.num_cntrs, 0);
  out->n_fixed = MAX (info.num_fixed_cntrs, 0);
  out->n_events = MAX (info.nevents, 0);
  if (host != NULL && host->pmu_id == (int) id)
    {
      out->forced = host->forced;
      out->kernel_usable = host->kernel_usable;
    }
  return out;
}

static gboolean
fill_event (int          idx,
            CsEventInfo *out)
{
  pfm_event_info_t info;

  memset (&info, 0, sizeof info);
  info.size = sizeof info;
  if (pfm_get_event_info (idx, PFM_OS_PERF_EVENT_EXT, &info) != PFM_SUCCESS)
    return FALSE;

  out->name = g_strdup (info.name);
  out->code = info.code;
  if (info.equiv != NULL)
    /* TRANSLATORS: description of an event that is another name for one */
    out->description = g_strdup_printf (_("Alias of %s"), info.equiv);
  else
    out->description = g_strdup (info.desc ? info.desc : "");
  out->attrs = g_ptr_array_new_with_free_func ((GDestroyNotify) event_attr_info_free);

  for (int a = 0; a < info.nattrs; a++)
    {
      pfm_event_attr_info_t ai;
      CsEventAttrInfo *attr;

      memset (&ai, 0, sizeof ai);
      ai.size = sizeof ai;
      if (pfm_get_event_attr_info (info.idx, a, PFM_OS_PERF_EVENT_EXT, &ai) != PFM_SUCCESS)
        continue;
      if (ai.type != PFM_ATTR_UMASK && ai.type != PFM_ATTR_MOD_BOOL
          && ai.type != PFM_ATTR_MOD_INTEGER)
        continue;
      attr = g_new0 (CsEventAttrInfo, 1);
      attr->name = g_strdup (ai.name);
      attr->description = g_strdup (ai.desc ? ai.desc : "");
      attr->is_modifier = ai.type != PFM_ATTR_UMASK;
      attr->is_default = ai.is_dfl;
      g_ptr_array_add (out->attrs, attr);
    }
  return TRUE;
}

static void
list_pmu (pfm_pmu_t   pmu,
          const char *pattern,
          GPtrArray  *out)
{
  pfm_pmu_info_t info;

  if (!_cs_pfm_get_pmu_info (pmu, &info))
    return;

  for (int i = info.first_event; i != -1; i = pfm_get_event_next (i))
    {
      CsEventInfo *event = g_new0 (CsEventInfo, 1);

      if (!fill_event (i, event)
          || (pattern != NULL && strcasestr (event->name, pattern) == NULL))
        {
          cs_event_info_free (event);
          continue;
        }
      event->pmu = g_strdup (info.name);
      g_ptr_array_add (out, event);
    }
}

static char **
pmu_names (void)
{
  GPtrArray *names = g_ptr_array_new ();
  pfm_pmu_t pmu;

  pfm_for_all_pmus (pmu)
    {
      pfm_pmu_info_t info;

      if (_cs_pfm_get_pmu_info (pmu, &info))
        g_ptr_array_add (names, g_strdup (info.name));
    }
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

/* Levenshtein distance, case-insensitive: event names are upper case in the
 * tables but users type them in any case, and libpfm4 accepts any case. */
static guint
edit_distance (const char *a,
               const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  g_autofree guint *row = g_new (guint, lb + 1);

  for (gsize j = 0; j <= lb; j++)
    row[j] = j;
  for (gsize i = 1; i <= la; i++)
    {
      guint diag = row[0];

      row[0] = i;
      for (gsize j = 1; j <= lb; j++)
        {
          guint up = row[j];
          guint cost = g_ascii_tolower (a[i - 1]) == g_ascii_tolower (b[j - 1]) ? 0 : 1;

          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diag + cost);
          diag = up;
        }
    }
  return row[lb];
}

/* "core::MEM_LOAD_RETIRED:L2_LINE_MIS:c=1:u" → "MEM_LOAD_RETIRED:L2_LINE_MIS":
 * modifiers say nothing about which name was meant. */
static char *
suggestion_key (const char *bad)
{
  const char *sep = strstr (bad, "::");
  g_auto(GStrv) parts = NULL;
  GString *key;

  if (sep != NULL)
    bad = sep + 2;
  parts = g_strsplit_set (bad, ":.", -1);
  key = g_string_new (parts[0]);
  for (guint i = 1; parts[i] != NULL; i++)
    {
      /* Modifiers are short lower-case letters or name=value. */
      if (strchr (parts[i], '=') != NULL || strlen (parts[i]) <= 2)
        continue;
      g_string_append_printf (key, ":%s", parts[i]);
    }
  return g_string_free (key, FALSE);
}

typedef struct
{
  char  *name;
  guint  distance;
  guint  order;
} Candidate;

static int
compare_candidates (gconstpointer a,
                    gconstpointer b)
{
  const Candidate *ca = a, *cb = b;

  if (ca->distance != cb->distance)
    return ca->distance < cb->distance ? -1 : 1;
  return ca->order < cb->order ? -1 : ca->order > cb->order;
}

static void
add_candidate (GArray     *pool,
               GHashTable *seen,
               const char *key,
               char       *name)
{
  Candidate c;

  if (!g_hash_table_add (seen, name))
    return;
  c.name = name;
  c.distance = edit_distance (key, name);
  c.order = pool->len;
  g_array_append_val (pool, c);
}

static void
add_pmu_candidates (pfm_pmu_t   pmu,
                    const char *key,
                    GArray     *pool,
                    GHashTable *seen)
{
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_event_info_free);

  list_pmu (pmu, NULL, events);
  for (guint i = 0; i < events->len; i++)
    {
      CsEventInfo *event = g_ptr_array_index (events, i);

      add_candidate (pool, seen, key, g_strdup (event->name));
      for (guint a = 0; a < event->attrs->len; a++)
        {
          CsEventAttrInfo *attr = g_ptr_array_index (event->attrs, a);

          if (!attr->is_modifier)
            add_candidate (pool, seen, key, g_strdup_printf ("%s:%s", event->name, attr->name));
        }
    }
}

char **
cs_pfm_suggest (const char *bad,
                guint       max)
{
  g_autoptr(GArray) pool = g_array_new (FALSE, FALSE, sizeof (Candidate));
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) pmus = NULL;
  g_autofree char *key = NULL;
  GPtrArray *out;
  const char *sep;
  pfm_pmu_t explicit_pmu;

  g_return_val_if_fail (bad != NULL, NULL);

  out = g_ptr_array_new ();
  if (!_cs_pfm_ready ())
    goto done;

  key = suggestion_key (bad);
  sep = strstr (bad, "::");
  if (sep != NULL)
    {
      g_autofree char *prefix = g_strndup (bad, sep - bad);

      /* "nhm::FOO": the user named the table to look in. */
      if (find_pmu_id (prefix, &explicit_pmu))
        add_pmu_candidates (explicit_pmu, key, pool, seen);
    }
  else
    {
      pmus = _cs_pfm_active_pmus ();
      for (guint i = 0; i < pmus->len; i++)
        add_pmu_candidates (g_array_index (pmus, pfm_pmu_t, i), key, pool, seen);
    }

  g_array_sort (pool, compare_candidates);
  for (guint i = 0; i < pool->len && out->len < max; i++)
    g_ptr_array_add (out, g_strdup (g_array_index (pool, Candidate, i).name));

done:
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

GPtrArray *
cs_pfm_list_events (const char  *pmu,
                    const char  *pattern,
                    GError     **error)
{
  g_autoptr(GPtrArray) out = NULL;
  const CsPmuInfo *host;

  if (!cs_pfm_init (error))
    return NULL;

  if (pattern != NULL && *pattern == '\0')
    pattern = NULL;
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) cs_event_info_free);

  if (pmu != NULL)
    {
      pfm_pmu_t id;

      if (!find_pmu_id (pmu, &id))
        {
          g_auto(GStrv) names = pmu_names ();
          g_autoptr(GArray) pool = g_array_new (FALSE, FALSE, sizeof (Candidate));
          g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          const char *close[4] = { NULL };
          g_autofree char *joined = NULL;

          for (guint i = 0; names[i] != NULL; i++)
            add_candidate (pool, seen, pmu, g_strdup (names[i]));
          g_array_sort (pool, compare_candidates);
          for (guint i = 0; i < pool->len && i < 3; i++)
            close[i] = g_array_index (pool, Candidate, i).name;
          joined = _cs_pfm_join_alternatives (close);
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_PFM,
                       _("unknown PMU “%s”: did you mean %s?"), pmu, joined);
          return NULL;
        }
      list_pmu (id, pattern, out);
      return g_steal_pointer (&out);
    }

  host = cs_pfm_get_host_pmu ();
  if (host != NULL)
    list_pmu (host->pmu_id, pattern, out);
  else
    list_pmu (PFM_PMU_PERF_EVENT, pattern, out);
  return g_steal_pointer (&out);
}
