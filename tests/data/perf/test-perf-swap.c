/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-swap.c — byte-swapped perf.data reads the same as the native file
 *
 * A small swapper of its own (it shares no code with the reader) rewrites a
 * native recording the way a machine of the other byte order would have
 * written it: every integer byte-swapped, the attr bitfield word bit-reversed
 * per byte as a big-endian compiler lays it out, strings and build-ids left
 * alone. Then the reader must yield exactly the same records, attrs and
 * features from both files. Runs on the checked-in fixtures, and on fresh
 * perf recordings with nearly every sample field when perf is installed.
 */
#include "config.h"

#include "cs-perf-reader.h"
#include "cs-perf-test-util.h"
#include "cs-perf-compare.h"
#include "cs-perf-synth.h"

static char *perf;
static char *workload;
static char *tmpdir;

typedef struct
{
  guint64 sample_type, read_format, regs_user, regs_intr, branch_type, flags;
} SwAttr;

typedef struct
{
  const guint8 *in;
  guint8       *out;
  gsize         len;
  GArray       *attrs;   /* SwAttr */
  GHashTable   *ids;     /* id -> attr index + 1 */
} Swapper;

static guint64 rd64 (Swapper *s, gsize o) { guint64 v; memcpy (&v, s->in + o, 8); return v; }
static guint32 rd32 (Swapper *s, gsize o) { guint32 v; memcpy (&v, s->in + o, 4); return v; }
static guint16 rd16 (Swapper *s, gsize o) { guint16 v; memcpy (&v, s->in + o, 2); return v; }

static void
sw (Swapper *s, gsize o, guint n)
{
  g_assert_cmpuint (o + n, <=, s->len);
  for (guint i = 0; i < n; i++)
    s->out[o + i] = s->in[o + n - 1 - i];
}

/* perf_event_attr at @o, @size bytes of it */
static void
swap_attr (Swapper *s, gsize o, guint32 size, gboolean record)
{
  static const guint8 layout[][2] = {   /* offset, width (0: bitfield word) */
    { 0, 4 }, { 4, 4 }, { 8, 8 }, { 16, 8 }, { 24, 8 }, { 32, 8 }, { 40, 0 }, { 48, 4 },
    { 52, 4 }, { 56, 8 }, { 64, 8 }, { 72, 8 }, { 80, 8 }, { 88, 4 }, { 92, 4 }, { 96, 8 },
    { 104, 4 }, { 108, 2 }, { 110, 2 }, { 112, 4 }, { 116, 4 }, { 120, 8 }, { 128, 8 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (layout); i++)
    {
      guint off = layout[i][0], w = layout[i][1];

      if (off + (w ? w : 8) > size)
        break;
      if (w)
        sw (s, o + off, w);
      else
        for (guint b = 0; b < 8; b++)
          {
            guint8 in = s->in[o + off + b], out = 0;

            for (guint bit = 0; bit < 8; bit++)
              if (in & (1u << bit))
                out |= 1u << (7 - bit);
            s->out[o + off + b] = out;
          }
    }
  if (record)
    {
      SwAttr a = {
        rd64 (s, o + 24), rd64 (s, o + 32), size > 80 ? rd64 (s, o + 80) : 0,
        size > 96 ? rd64 (s, o + 96) : 0, size > 72 ? rd64 (s, o + 72) : 0, rd64 (s, o + 40),
      };
      g_array_append_val (s->attrs, a);
    }
}

static void
add_ids (Swapper *s, gsize o, guint64 n)
{
  for (guint64 i = 0; i < n; i++)
    {
      sw (s, o + i * 8, 8);
      g_hash_table_insert (s->ids, GSIZE_TO_POINTER (rd64 (s, o + i * 8)),
                           GUINT_TO_POINTER (s->attrs->len));
    }
}

/* u32 length + bytes; returns the end */
static gsize
swap_string (Swapper *s, gsize o)
{
  guint32 n = rd32 (s, o);

  sw (s, o, 4);
  return o + 4 + n;
}

static void
swap_feature (Swapper *s, guint feat, gsize o, gsize size)
{
  gsize end = o + size;
  guint32 n;

  switch (feat)
    {
    case 3: case 4: case 5: case 6: case 8: case 9:
      swap_string (s, o);
      break;
    case 7:
      sw (s, o, 4), sw (s, o + 4, 4);
      break;
    case 10: case 23:
      sw (s, o, 8);
      break;
    case 21:
      sw (s, o, 8), sw (s, o + 8, 8);
      break;
    case 11:
      n = rd32 (s, o);
      sw (s, o, 4), o += 4;
      while (n--)
        o = swap_string (s, o);
      break;
    case 12:
      {
        guint32 asize = rd32 (s, o + 4);

        n = rd32 (s, o);
        sw (s, o, 4), sw (s, o + 4, 4), o += 8;
        while (n--)
          {
            guint32 nids;

            swap_attr (s, o, MIN (rd32 (s, o + 4), asize), FALSE);
            o += asize;
            nids = rd32 (s, o);
            sw (s, o, 4);
            o = swap_string (s, o + 4);
            for (guint32 k = 0; k < nids; k++, o += 8)
              sw (s, o, 8);
          }
      }
      break;
    case 16:
      n = rd32 (s, o);
      sw (s, o, 4), o += 4;
      while (n--)
        sw (s, o, 4), o = swap_string (s, o + 4);
      break;
    case 20:
      n = rd32 (s, o + 4);
      sw (s, o, 4), sw (s, o + 4, 4), o += 8;
      while (n--)
        {
          for (guint k = 0; k < 4; k++, o += 4)
            sw (s, o, 4);
          o = swap_string (s, swap_string (s, swap_string (s, o)));
        }
      break;
    case 14:
      n = rd32 (s, o);
      sw (s, o, 4), o += 4;
      while (n--)
        sw (s, o, 4), sw (s, o + 4, 8), sw (s, o + 12, 8), o = swap_string (s, o + 20);
      break;
    case 27:
      for (guint k = 0; k < 5; k++)
        sw (s, o + k * 4, 4);
      break;
    case 2:
      while (o + 8 <= end)
        {
          guint16 rsize = rd16 (s, o + 6);

          sw (s, o, 4), sw (s, o + 4, 2), sw (s, o + 6, 2), sw (s, o + 8, 4);
          o += rsize;
        }
      break;
    default:
      break;
    }
  g_assert_cmpuint (o, <=, end);
}

/* struct perf_branch_entry's flags as a big-endian compiler lays them out:
 * the first field in the most significant bit, then the word stored
 * big-endian. */
static void
swap_branch_flags (Swapper *s, gsize o)
{
  static const guint widths[] = { 1, 1, 1, 1, 16, 4, 2, 4, 3, 31 };
  guint64 v = rd64 (s, o), be = 0;
  guint shift = 0;

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      guint64 field = (v >> shift) & ((G_GUINT64_CONSTANT (1) << widths[i]) - 1);

      be |= field << (64 - shift - widths[i]);
      shift += widths[i];
    }
  be = GUINT64_TO_BE (be);
  memcpy (s->out + o, &be, 8);
}

static const SwAttr *
sample_attr (Swapper *s, gsize body, guint16 size)
{
  const SwAttr *first = &g_array_index (s->attrs, SwAttr, 0);
  guint64 st = first->sample_type;
  guint pos = 0;

  if (s->attrs->len == 1)
    return first;
  if (!(st & (1u << 16)))
    pos = !!(st & 1) + !!(st & 2) + !!(st & 4) + !!(st & 8);
  return &g_array_index (s->attrs, SwAttr,
                         GPOINTER_TO_UINT (g_hash_table_lookup (s->ids, GSIZE_TO_POINTER (rd64 (s, body + pos * 8)))) - 1);
}

/* A sample body at @o: every field in kernel order. */
static void
swap_sample (Swapper *s, const SwAttr *a, gsize o)
{
  guint64 st = a->sample_type, rf = a->read_format, n;

#define U64 (sw (s, o, 8), o += 8)
#define U32PAIR (sw (s, o, 4), sw (s, o + 4, 4), o += 8)
  if (st & (1u << 16)) U64;
  if (st & (1u << 0)) U64;
  if (st & (1u << 1)) U32PAIR;
  if (st & (1u << 2)) U64;
  if (st & (1u << 3)) U64;
  if (st & (1u << 6)) U64;
  if (st & (1u << 9)) U64;
  if (st & (1u << 7)) U32PAIR;
  if (st & (1u << 8)) U64;
  if (st & (1u << 4))
    {
      guint per = 1 + !!(rf & 4) + !!(rf & 16);

      n = (rf & 8) ? rd64 (s, o) : 1;
      if (rf & 8) U64;
      else U64;                                  /* the value */
      if (rf & 1) U64;
      if (rf & 2) U64;
      for (guint64 i = 0; i < ((rf & 8) ? n * per : per - 1); i++) U64;
    }
  if (st & (1u << 5))
    {
      n = rd64 (s, o);
      U64;
      for (guint64 i = 0; i < n; i++) U64;
    }
  if (st & (1u << 10))
    {
      guint32 raw = rd32 (s, o);
      sw (s, o, 4);
      o += 4 + raw;
    }
  if (st & (1u << 11))
    {
      n = rd64 (s, o);
      U64;
      if (a->branch_type & (1u << 17))
        U64;
      for (guint64 i = 0; i < n; i++)
        {
          U64;
          U64;
          swap_branch_flags (s, o);
          o += 8;
        }
    }
  if (st & (1u << 12))
    {
      guint64 abi = rd64 (s, o);
      U64;
      for (guint i = 0; abi && i < (guint) __builtin_popcountll (a->regs_user); i++) U64;
    }
  if (st & (1u << 13))
    {
      n = rd64 (s, o);
      U64;
      o += n;
      if (n) U64;
    }
  if (st & (1u << 24))
    sw (s, o, 4), sw (s, o + 4, 2), sw (s, o + 6, 2), o += 8;
  else if (st & (1u << 14)) U64;
  if (st & (1u << 15)) U64;
  if (st & (1u << 17)) U64;
  if (st & (1u << 18))
    {
      guint64 abi = rd64 (s, o);
      U64;
      for (guint i = 0; abi && i < (guint) __builtin_popcountll (a->regs_intr); i++) U64;
    }
  for (guint bit = 19; bit <= 23; bit++)
    if (bit != 20 && (st & (1u << bit))) U64;
  if (st & (1u << 20))
    {
      n = rd64 (s, o);
      U64;
      o += n;
    }
#undef U64
#undef U32PAIR
}

/* The sample_id_all trailer {pid,tid}{time}{id}{stream_id}{cpu,res}{identifier}
 * ending at @end. */
static void
swap_trailer (Swapper *s, gsize end)
{
  const SwAttr *a = &g_array_index (s->attrs, SwAttr, 0);
  guint64 st = a->sample_type;
  gsize o;

  if (!(a->flags & (1u << 18)))
    return;
  o = end - 8 * __builtin_popcountll (st & ((1u << 1) | (1u << 2) | (1u << 6) | (1u << 9) |
                                            (1u << 7) | (1u << 16)));
  if (st & (1u << 1))
    sw (s, o, 4), sw (s, o + 4, 4), o += 8;
  if (st & (1u << 2))
    sw (s, o, 8), o += 8;
  if (st & (1u << 6))
    sw (s, o, 8), o += 8;
  if (st & (1u << 9))
    sw (s, o, 8), o += 8;
  if (st & (1u << 7))
    sw (s, o, 4), sw (s, o + 4, 4), o += 8;
  if (st & (1u << 16))
    sw (s, o, 8);
}

static void
swap_record (Swapper *s, gsize o)
{
  guint32 type = rd32 (s, o);
  guint16 misc = rd16 (s, o + 4), size = rd16 (s, o + 6);
  gsize b = o + 8, end = o + size;

  sw (s, o, 4), sw (s, o + 4, 2), sw (s, o + 6, 2);
  switch (type)
    {
    case 9:
      swap_sample (s, sample_attr (s, b, size), b);
      return;
    case 1: case 10:
      sw (s, b, 4), sw (s, b + 4, 4), sw (s, b + 8, 8), sw (s, b + 16, 8), sw (s, b + 24, 8);
      if (type == 10 && !(misc & (1u << 14)))
        sw (s, b + 32, 4), sw (s, b + 36, 4), sw (s, b + 40, 8), sw (s, b + 48, 8);
      if (type == 10)
        sw (s, b + 56, 4), sw (s, b + 60, 4);
      break;
    case 3:
      sw (s, b, 4), sw (s, b + 4, 4);
      break;
    case 4: case 7:
      for (guint k = 0; k < 4; k++)
        sw (s, b + k * 4, 4);
      sw (s, b + 16, 8);
      break;
    case 2: case 5: case 6: case 13:
      for (guint k = 0; k < (type == 13 ? 1u : type == 2 ? 2u : 3u); k++)
        sw (s, b + k * 8, 8);
      break;
    case 64:
      swap_attr (s, b, rd32 (s, b + 4), TRUE);
      add_ids (s, b + rd32 (s, b + 4), (size - 8 - rd32 (s, b + 4)) / 8);
      return;
    case 80:
      sw (s, b, 8);
      swap_feature (s, (guint) rd64 (s, b), b + 8, size - 16);
      return;
    case 69:
      for (guint64 k = 0; k < 1 + 4 * rd64 (s, b); k++)
        sw (s, b + k * 8, 8);
      return;
    case 78:
      sw (s, b, 8), sw (s, b + 8, 8);
      return;
    case 17:
      sw (s, b, 8), sw (s, b + 8, 4), sw (s, b + 12, 2), sw (s, b + 14, 2);
      break;
    case 15:
      sw (s, b, 4), sw (s, b + 4, 4);
      break;
    default:
      /* other kernel records: only their sample id is read */
      if (type >= 64)
        return;
      break;
    }
  swap_trailer (s, end);
}

static GBytes *
swap_file (GBytes *native)
{
  Swapper s = { 0 };
  gsize data, data_end;

  s.in = g_bytes_get_data (native, &s.len);
  s.out = g_memdup2 (s.in, s.len);
  s.attrs = g_array_new (FALSE, FALSE, sizeof (SwAttr));
  s.ids = g_hash_table_new (NULL, NULL);
  sw (&s, 0, 8), sw (&s, 8, 8);
  if (rd64 (&s, 8) == 16)
    data = 16, data_end = s.len;
  else
    {
      guint64 attr_size = rd64 (&s, 16);

      for (guint k = 2; k < 13; k++)
        sw (&s, k * 8, 8);
      for (guint64 a = rd64 (&s, 24); a < rd64 (&s, 24) + rd64 (&s, 32); a += attr_size)
        {
          swap_attr (&s, a, rd32 (&s, a + 4), TRUE);
          sw (&s, a + attr_size - 16, 8), sw (&s, a + attr_size - 8, 8);
          add_ids (&s, rd64 (&s, a + attr_size - 16), rd64 (&s, a + attr_size - 8) / 8);
        }
      data = rd64 (&s, 40);
      data_end = data + rd64 (&s, 48);
      for (guint bit = 1, t = 0; bit < 256; bit++)
        if (rd64 (&s, 72 + (bit / 64) * 8) & (G_GUINT64_CONSTANT (1) << (bit % 64)))
          {
            gsize e = data_end + 16 * t++;

            sw (&s, e, 8), sw (&s, e + 8, 8);
            swap_feature (&s, bit, rd64 (&s, e), rd64 (&s, e + 8));
          }
    }
  while (data < data_end)
    {
      guint16 size = rd16 (&s, data + 6);
      guint32 type = rd32 (&s, data);

      g_assert_cmpuint (type, !=, 81);   /* compressed data cannot be swapped in place */
      swap_record (&s, data);
      data += size;
    }
  g_array_unref (s.attrs);
  g_hash_table_unref (s.ids);
  return g_bytes_new_take (s.out, s.len);
}


static void
check_swapped (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) map = g_mapped_file_new (path, FALSE, &error);
  g_autoptr(GBytes) native = NULL;
  g_autoptr(GBytes) swapped = NULL;

  g_assert_no_error (error);
  native = g_mapped_file_get_bytes (map);
  swapped = swap_file (native);
  /* how tests/fuzz/corpus/perf-reader/swapped-*.data were made */
  if (g_getenv ("CS_TEST_WRITE_SWAPPED") != NULL)
    {
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *name = g_strconcat ("swapped-", base, NULL);
      g_autofree char *out = g_build_filename (g_getenv ("CS_TEST_WRITE_SWAPPED"), name, NULL);

      g_file_set_contents (out, g_bytes_get_data (swapped, NULL), g_bytes_get_size (swapped), &error);
      g_assert_no_error (error);
    }
  {
    g_autoptr(CsPerfReader) reader = cs_perf_reader_new_from_bytes (swapped, path, &error);

    g_assert_no_error (error);
    g_assert_true (cs_perf_reader_get_info (reader)->swapped);
  }
  cs_perf_compare_readers (native, swapped);
}

static void
test_fixtures (void)
{
  const char *names[] = { "perf-cpu-clock.data", "perf-two-events.data", "perf-pipe.data" };
  const char *extra = g_getenv ("CS_TEST_SWAP_FILES");
  g_auto(GStrv) files = extra ? g_strsplit (extra, ":", -1) : NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (CS_TEST_SRCDIR, "fixtures", names[i], NULL);
      check_swapped (path);
    }
  /* more files on request (CS_TEST_SWAP_FILES=a.data:b.data) */
  for (guint i = 0; files && files[i]; i++)
    check_swapped (files[i]);
}

/* Hand-made records of every kind, with branch stacks and AUX data. */
static void
test_synthesized (void)
{
  g_autofree char *path = cs_perf_synth_write (tmpdir);

  check_swapped (path);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GMappedFile) map = g_mapped_file_new (path, FALSE, &error);
    g_autoptr(GBytes) native = g_mapped_file_get_bytes (map);
    g_autoptr(GBytes) swapped = swap_file (native);
    g_autoptr(CsPerfReader) reader = cs_perf_reader_new_from_bytes (swapped, "swapped", &error);

    g_assert_no_error (error);
    cs_perf_synth_check (reader);
  }
}

static void
test_recorded (gconstpointer data)
{
  const char * const *args = data;
  g_autofree char *file = NULL;
  const char *cmd[] = { workload, "100", "64", "2", NULL };
  gboolean pipe = g_strv_contains (args, "pipe");

  if (perf == NULL)
    {
      g_test_skip ("perf is not installed");
      return;
    }
  file = g_build_filename (tmpdir, "swap.data", NULL);
  if (!cs_perf_test_record (perf, file, args + pipe, cmd, pipe))
    g_error ("perf could not record");
  check_swapped (file);
}

int
main (int argc, char **argv)
{
  static const char *rich[] = { "-e", "cpu-clock", "-c", "100000", "--sample-cpu", "-d", "--phys-data",
                                "--data-page-size", "--code-page-size", "-W", "--transaction", "-R",
                                "--user-regs=ip,sp,ax", "-I", "-T", "-P", "--call-graph", "dwarf,256",
                                NULL };
  static const char *group[] = { "-s", "-e", "{cpu-clock,task-clock}:S", "-c", "100000", NULL };
  static const char *events[] = { "-g", "--buildid-mmap", "-e", "cpu-clock/period=100000,call-graph=fp/",
                                  "-e", "page-faults/period=4,call-graph=no/", NULL };
  static const char *pipe[] = { "pipe", "-e", "cpu-clock/period=100000/", "-e", "page-faults/period=4/", NULL };
  int ret;

  g_test_init (&argc, &argv, NULL);
  perf = cs_test_find_perf ();
  workload = argc > 1 ? g_canonicalize_filename (argv[1], NULL) : cs_perf_test_workload ();
  tmpdir = cs_test_mkdtemp ();

  g_test_add_func ("/perf-swap/fixtures", test_fixtures);
  g_test_add_func ("/perf-swap/synthesized", test_synthesized);
  g_test_add_data_func ("/perf-swap/rich-sample", rich, test_recorded);
  g_test_add_data_func ("/perf-swap/group-read", group, test_recorded);
  g_test_add_data_func ("/perf-swap/two-events-buildid", events, test_recorded);
  g_test_add_data_func ("/perf-swap/pipe", pipe, test_recorded);
  ret = g_test_run ();
  cs_test_rmdir (tmpdir);
  return ret;
}
