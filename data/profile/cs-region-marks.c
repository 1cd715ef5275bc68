/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-region-marks.c — reading sampling-N.regions and looking samples up
 *
 * The file is one or more process sections, each a 16-byte header
 * ("CSRMARK1", pid, reserved) followed by records { type, size, … }:
 * NAME (1: id, length, bytes), MARKS (2: tid, n, n × { time, region,
 * depth }) and END (3: events done, unmatched ends). Native byte order: it
 * is read on the machine that recorded it (docs/regions.md).
 *
 * Each process numbers its regions itself; here they are joined by name.
 * Every thread becomes one array of (time, region) sorted by time.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cs-error.h"
#include "cs-region-marks.h"

#define MAGIC        "CSRMARK1"
#define HEADER_SIZE  16
#define RECORD_NAME  1
#define RECORD_MARKS 2
#define RECORD_END   3

typedef struct
{
  guint64 time;
  guint32 region;   /* global 1…n, 0: none */
  guint32 pad;
} Mark;

typedef struct
{
  GArray *marks;    /* Mark, sorted by time */
} Track;

struct _CsRegionMarks
{
  gatomicrefcount  ref;
  GPtrArray       *names;      /* char*, region i at i - 1 */
  GHashTable      *ids;        /* name -> region */
  GHashTable      *tracks;     /* tid -> Track* */
  GPtrArray       *warnings;   /* char*, NULL-terminated */
  guint64          n_marks;
  /* lookup cache */
  guint32          last_tid;
  Track           *last_track;
  guint            last_index;
};

static void
track_free (gpointer data)
{
  Track *t = data;

  g_array_unref (t->marks);
  g_free (t);
}

static CsRegionMarks *
marks_new (void)
{
  CsRegionMarks *self = g_new0 (CsRegionMarks, 1);

  g_atomic_ref_count_init (&self->ref);
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->tracks = g_hash_table_new_full (NULL, NULL, NULL, track_free);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  return self;
}

CsRegionMarks *
cs_region_marks_ref (CsRegionMarks *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
cs_region_marks_unref (CsRegionMarks *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref))
    return;
  g_hash_table_unref (self->ids);
  g_ptr_array_unref (self->names);
  g_hash_table_unref (self->tracks);
  g_ptr_array_unref (self->warnings);
  g_free (self);
}

static guint
global_id (CsRegionMarks *self,
           const char    *name,
           gsize          len)
{
  g_autofree char *copy = g_strndup (name, len);
  gpointer v = g_hash_table_lookup (self->ids, copy);

  if (v != NULL)
    return GPOINTER_TO_UINT (v);
  g_ptr_array_add (self->names, g_steal_pointer (&copy));
  g_hash_table_insert (self->ids, g_ptr_array_index (self->names, self->names->len - 1),
                       GUINT_TO_POINTER (self->names->len));
  return self->names->len;
}

static Track *
track_for (CsRegionMarks *self,
           guint32        tid)
{
  Track *t = g_hash_table_lookup (self->tracks, GUINT_TO_POINTER (tid));

  if (t == NULL)
    {
      t = g_new0 (Track, 1);
      t->marks = g_array_new (FALSE, FALSE, sizeof (Mark));
      g_hash_table_insert (self->tracks, GUINT_TO_POINTER (tid), t);
    }
  return t;
}

static int
compare_marks (gconstpointer a,
               gconstpointer b)
{
  const Mark *x = a, *y = b;

  return x->time < y->time ? -1 : x->time > y->time;
}

static void
warn_cut (CsRegionMarks *self,
          const char    *name,
          gsize          offset)
{
  g_ptr_array_add (self->warnings,
                   g_strdup_printf (_("%s: a record at byte %zu is cut short (a process "
                                      "ended while writing its region marks); the marks before it "
                                      "are used"), name, offset));
}

/* One process section from @pos; returns where the next one starts. */
static gboolean
read_section (CsRegionMarks  *self,
              const guint8   *data,
              gsize           len,
              gsize          *pos,
              const char     *name,
              GError        **error)
{
  /* local id -> global; a hash, not an array: the ids come from the file */
  g_autoptr(GHashTable) local = g_hash_table_new (NULL, NULL);
  gsize p = *pos;

  if (len - p < HEADER_SIZE || memcmp (data + p, MAGIC, 8) != 0)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT,
                   _("%s: byte %zu: not a region marks file of libcyclescope-region "
                     "(expected “%s”); record the program again with `cyclescope record --regions`"),
                   name, p, MAGIC);
      return FALSE;
    }
  p += HEADER_SIZE;
  while (p < len)
    {
      guint32 head[4];

      if (len - p >= 8 && memcmp (data + p, MAGIC, 8) == 0)
        break;  /* the next process */
      if (len - p < 8)
        {
          warn_cut (self, name, p);
          p = len;
          break;
        }
      memcpy (head, data + p, 8);
      if (head[1] < 8 || head[1] % 8 != 0 || head[1] > len - p)
        {
          warn_cut (self, name, p);
          p = len;
          break;
        }
      if (head[0] == RECORD_NAME && head[1] >= 16)
        {
          guint32 id, n;

          memcpy (head + 2, data + p + 8, 8);
          id = head[2];
          n = head[3];
          if (id == 0 || n > head[1] - 16)
            {
              g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT,
                           _("%s: byte %zu: a region name record with id %u and "
                             "length %u does not fit its size %u"), name, p, id, n, head[1]);
              return FALSE;
            }
          g_hash_table_insert (local, GUINT_TO_POINTER (id),
                               GUINT_TO_POINTER (global_id (self, (const char *) data + p + 16, n)));
        }
      else if (head[0] == RECORD_MARKS && head[1] >= 16)
        {
          guint32 tid, n;
          Track *t;

          memcpy (head + 2, data + p + 8, 8);
          tid = head[2];
          n = head[3];
          if ((guint64) n * 16 != head[1] - 16)
            {
              g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT,
                           _("%s: byte %zu: %u marks do not fill a record of %u "
                             "bytes"), name, p, n, head[1]);
              return FALSE;
            }
          t = track_for (self, tid);
          for (guint32 i = 0; i < n; i++)
            {
              Mark m = { 0 };
              guint32 region, global;

              memcpy (&m.time, data + p + 16 + 16 * (gsize) i, 8);
              memcpy (&region, data + p + 24 + 16 * (gsize) i, 4);
              global = GPOINTER_TO_UINT (g_hash_table_lookup (local, GUINT_TO_POINTER (region)));

              if (region != 0 && global == 0)
                {
                  g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_CORRUPT,
                               _("%s: byte %zu: a mark names region %u, which "
                                 "has no name record before it"), name, p, region);
                  return FALSE;
                }
              m.region = global;
              g_array_append_val (t->marks, m);
            }
          self->n_marks += n;
        }
      /* END and records of later versions: nothing to use here. */
      p += head[1];
    }
  *pos = p;
  return TRUE;
}

CsRegionMarks *
cs_region_marks_new_from_data (const guint8  *data,
                               gsize          len,
                               const char    *name,
                               GError       **error)
{
  g_autoptr(CsRegionMarks) self = marks_new ();
  GHashTableIter iter;
  gpointer value;
  gsize pos = 0;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  do
    if (!read_section (self, data, len, &pos, name, error))
      return NULL;
  while (pos < len);

  /* Threads write their marks in order, but a thread's id may be reused
   * by another process's thread: one sort settles both. */
  g_hash_table_iter_init (&iter, self->tracks);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_array_sort (((Track *) value)->marks, compare_marks);
  g_ptr_array_add (self->warnings, NULL);
  return g_steal_pointer (&self);
}

CsRegionMarks *
cs_region_marks_load (const char  *path,
                      GError     **error)
{
  g_autoptr(GMappedFile) file = NULL;
  GError *local = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  file = g_mapped_file_new (path, FALSE, &local);
  if (file == NULL)
    {
      g_set_error (error, CS_DATA_ERROR, CS_DATA_ERROR_IO,
                   _("Cannot read the region marks %s: %s"), path, local->message);
      g_error_free (local);
      return NULL;
    }
  return cs_region_marks_new_from_data ((const guint8 *) g_mapped_file_get_contents (file),
                                        g_mapped_file_get_length (file), path, error);
}

guint
cs_region_marks_get_n_regions (CsRegionMarks *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->names->len;
}

const char *
cs_region_marks_get_name (CsRegionMarks *self,
                          guint          region)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (region == 0 || region > self->names->len)
    return NULL;
  return g_ptr_array_index (self->names, region - 1);
}

guint
cs_region_marks_find (CsRegionMarks *self,
                      const char    *name)
{
  g_return_val_if_fail (self != NULL, 0);
  return GPOINTER_TO_UINT (g_hash_table_lookup (self->ids, name));
}

guint64
cs_region_marks_get_n_marks (CsRegionMarks *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_marks;
}

const char * const *
cs_region_marks_get_warnings (CsRegionMarks *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return (const char * const *) self->warnings->pdata;
}

guint
cs_region_marks_lookup (CsRegionMarks *self,
                        guint32        tid,
                        guint64        time)
{
  Track *t;
  const Mark *m;
  guint lo, hi;

  if (tid == self->last_tid && self->last_track != NULL)
    t = self->last_track;
  else
    {
      t = g_hash_table_lookup (self->tracks, GUINT_TO_POINTER (tid));
      self->last_tid = tid;
      self->last_track = t;
      self->last_index = 0;
    }
  if (t == NULL || t->marks->len == 0)
    return 0;
  m = (const Mark *) (gpointer) t->marks->data;

  /* The common case: the same mark as the thread's previous sample, or
   * the next one. */
  for (guint i = self->last_index; i < self->last_index + 2 && i < t->marks->len; i++)
    if (m[i].time <= time && (i + 1 == t->marks->len || m[i + 1].time > time))
      {
        self->last_index = i;
        return m[i].region;
      }
  if (time < m[0].time)
    return 0;
  /* The last mark at or before @time. */
  lo = 0;
  hi = t->marks->len;
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (m[mid].time <= time)
        lo = mid;
      else
        hi = mid;
    }
  self->last_index = lo;
  return m[lo].region;
}
