/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-perf-build.h — perf.data records built byte by byte, for the tests
 * that write files whose every value is known (header only)
 *
 * Records go into a GByteArray in host byte order, as the kernel writes
 * them into its ring buffer: record_begin() writes the header, the body
 * follows, record_end() fills in the size.
 */
#pragma once

#include <glib.h>
#include <string.h>

static inline void
put16 (GByteArray *b, guint16 v)
{
  g_byte_array_append (b, (const guint8 *) &v, 2);
}

static inline void
put32 (GByteArray *b, guint32 v)
{
  g_byte_array_append (b, (const guint8 *) &v, 4);
}

static inline void
put64 (GByteArray *b, guint64 v)
{
  g_byte_array_append (b, (const guint8 *) &v, 8);
}

/* The header of a record of @type; returns where it starts, for
 * record_end(). */
static inline gsize
record_begin (GByteArray *b,
              guint32     type,
              guint16     misc)
{
  gsize at = b->len;

  put32 (b, type);
  put16 (b, misc);
  put16 (b, 0);
  return at;
}

/* Sets the size of the record begun at @at to what follows it. */
static inline void
record_end (GByteArray *b,
            gsize       at)
{
  guint16 size = (guint16) (b->len - at);

  memcpy (b->data + at + 6, &size, 2);
}

/* A string with its NUL, padded with NULs to a multiple of 8 bytes. */
static inline void
put_string (GByteArray *b,
            const char *s)
{
  gsize n = strlen (s) + 1;

  g_byte_array_append (b, (const guint8 *) s, n);
  while (n++ % 8)
    g_byte_array_append (b, (const guint8 *) "", 1);
}

/* The sample_id_all trailer of an event sampling TID, TIME, CPU and
 * IDENTIFIER: {pid, tid}{time}{cpu, res}{identifier}. */
static inline void
put_sample_id (GByteArray *b,
               guint32     pid,
               guint32     tid,
               guint64     time,
               guint32     cpu,
               guint64     id)
{
  put32 (b, pid), put32 (b, tid);
  put64 (b, time);
  put32 (b, cpu), put32 (b, 0);
  put64 (b, id);
}
