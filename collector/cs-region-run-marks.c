/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-region-run-marks.c — the sampling run's region marks, joined from every process's file */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cs-collector-error.h"
#include "cs-region-run-private.h"

#define MARKS_MAGIC "CSRMARK1"

typedef struct
{
  guint64 n_marks;
  guint64 events_done;
  guint64 unmatched;
} MarksInfo;

/* Walks the records of one process's file (docs/regions.md); @len is cut
 * to the last whole record, so that a file a killed process left short
 * does not run into the next one's when they are joined. */
static gboolean
scan_marks (const char  *path,
            const char  *data,
            gsize       *len_inout,
            MarksInfo   *info,
            GError     **error)
{
  gsize len = *len_inout;
  gsize pos = 16;

  if (len < 16 || memcmp (data, MARKS_MAGIC, 8) != 0)
    {
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                   _("%s: not a region marks file of libcyclescope-region (bad header)"), path);
      return FALSE;
    }
  while (pos + 8 <= len)
    {
      guint32 head[2];

      memcpy (head, data + pos, 8);
      if (head[1] < 8 || head[1] % 8 != 0 || head[1] > len - pos)
        break;  /* a process killed while writing: what precedes counts */
      if (head[0] == 2 && head[1] >= 16)
        {
          guint32 n;

          memcpy (&n, data + pos + 12, 4);
          info->n_marks += n;
        }
      else if (head[0] == 3 && head[1] >= 24)
        {
          guint64 v[2];

          memcpy (v, data + pos + 8, 16);
          info->events_done = MAX (info->events_done, v[0]);
          info->unmatched += v[1];
        }
      pos += head[1];
    }
  *len_inout = pos;
  return TRUE;
}

gboolean
cs_region_run_collect_marks (CsRegionRun  *self,
                             const char   *file,
                             CsSession    *session,
                             const char   *label,
                             char        **file_out,
                             GError      **error)
{
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GByteArray) joined = g_byte_array_new ();
  g_autofree char *dest = g_build_filename (self->dir, file, NULL);
  MarksInfo info = { 0 };
  guint n_partial;
  gboolean ok = TRUE;

  *file_out = NULL;
  files = _cs_region_run_list_files (self, &n_partial, NULL);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *data = NULL;
      gsize len = 0;

      if (ok && (!g_file_get_contents (path, &data, &len, error) ||
                 !scan_marks (path, data, &len, &info, error)))
        ok = FALSE;
      if (ok)
        g_byte_array_append (joined, (const guint8 *) data, (guint) len);
      g_unlink (path);
    }
  if (!ok)
    return FALSE;
  if (files->len == 0)
    {
      _cs_region_run_warn_never_called (session, label, n_partial);
      return TRUE;
    }
  _cs_region_run_warn_details (self, session, label, info.n_marks > 0 ? 1 : 0, info.events_done,
                               info.unmatched, NULL);
  if (info.n_marks == 0)
    return TRUE;
  if (!g_file_set_contents (dest, (const char *) joined->data, joined->len, error))
    return FALSE;
  *file_out = g_strdup (file);
  return TRUE;
}
