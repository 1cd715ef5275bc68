/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ring-buffer.c — reading a real perf ring buffer: wrap-around and losses
 *
 * A cpu-clock event on this very thread (user space only, allowed at
 * perf_event_paranoid 2) samples at 10 kHz into a one-page buffer. Its
 * 40-byte samples do not divide the 4096-byte buffer, so records straddle
 * the end; the test knows where from the byte stream alone.
 */
#include "config.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "cs-ring-buffer.h"
#include "cs-test-util.h"

/* IP, TID, TIME, PERIOD + header */
#define SAMPLE_SIZE (8 + 4 * 8)

typedef struct
{
  guint64 n_samples;
  guint64 n_bytes;
  guint64 n_straddled;     /* records that crossed the end of the buffer */
  guint64 n_other;
  guint64 last_time;
  gsize   buffer_size;
} Check;

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* Burns @seconds of CPU time in user space. */
static void
burn (double seconds)
{
  double start = cpu_seconds ();
  volatile guint64 x = 1;

  while (cpu_seconds () - start < seconds)
    for (int i = 0; i < 10000; i++)
      x = x * 6364136223846793005ULL + 1;
}

static int
open_cpu_clock (guint64 read_format)
{
  struct perf_event_attr attr;

  memset (&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = PERF_TYPE_SOFTWARE;
  attr.config = PERF_COUNT_SW_CPU_CLOCK;
  attr.sample_period = 100000;  /* ns: 10 kHz */
  attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD;
  attr.read_format = read_format;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  attr.disabled = 1;
  return (int) syscall (SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

static gboolean
check_records (const guint8 *records,
               gsize         len,
               gpointer      user_data)
{
  Check *check = user_data;
  gsize pos = 0;

  while (pos < len)
    {
      struct perf_event_header h;

      g_assert_cmpuint (len - pos, >=, sizeof h);
      memcpy (&h, records + pos, sizeof h);
      g_assert_cmpuint (h.size, >=, sizeof h);
      g_assert_cmpuint (pos + h.size, <=, len);

      /* Where this record sat in the kernel's buffer. */
      if (check->n_bytes % check->buffer_size + h.size > check->buffer_size)
        check->n_straddled++;

      if (h.type == PERF_RECORD_SAMPLE)
        {
          guint64 ip, time, period;
          guint32 pid, tid;

          g_assert_cmpuint (h.size, ==, SAMPLE_SIZE);
          memcpy (&ip, records + pos + 8, 8);
          memcpy (&pid, records + pos + 16, 4);
          memcpy (&tid, records + pos + 20, 4);
          memcpy (&time, records + pos + 24, 8);
          memcpy (&period, records + pos + 32, 8);
          g_assert_cmpuint (ip, !=, 0);
          g_assert_cmpint (pid, ==, getpid ());
          g_assert_cmpint (tid, ==, (pid_t) syscall (SYS_gettid));
          g_assert_cmpuint (period, ==, 100000);
          g_assert_cmpuint (time, >=, check->last_time);
          check->last_time = time;
          check->n_samples++;
        }
      else
        check->n_other++;

      check->n_bytes += h.size;
      pos += h.size;
    }
  return TRUE;
}

static void
test_wrap_around (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRingBuffer) rb = NULL;
  Check check = { 0 };
  const CsRingBufferStats *stats;
  int fd = open_cpu_clock (0);

  g_assert_cmpint (fd, >=, 0);
  rb = cs_ring_buffer_new (fd, 1, &error);
  g_assert_no_error (error);
  check.buffer_size = cs_ring_buffer_get_size (rb);
  g_assert_cmpuint (check.buffer_size, ==, (gsize) sysconf (_SC_PAGESIZE));

  ioctl (fd, PERF_EVENT_IOC_ENABLE, 0);
  /* 3 ms of CPU ≈ 30 samples ≈ 1200 bytes between reads: never full, but
   * 60 rounds go around the 4 KiB buffer many times. */
  for (int round = 0; round < 60; round++)
    {
      burn (0.003);
      cs_ring_buffer_read (rb, check_records, &check);
    }
  ioctl (fd, PERF_EVENT_IOC_DISABLE, 0);
  cs_ring_buffer_read (rb, check_records, &check);
  g_assert_cmpuint (cs_ring_buffer_pending (rb), ==, 0);

  stats = cs_ring_buffer_get_stats (rb);
  g_test_message ("%" G_GUINT64_FORMAT " samples, %" G_GUINT64_FORMAT " bytes, %" G_GUINT64_FORMAT
                  " straddled, %" G_GUINT64_FORMAT " lost",
                  check.n_samples, check.n_bytes, check.n_straddled, stats->n_lost);

  g_assert_cmpuint (check.n_bytes, >, 10 * check.buffer_size);
  g_assert_cmpuint (check.n_straddled, >, 0);
  g_assert_cmpuint (stats->n_samples, ==, check.n_samples);
  g_assert_cmpuint (stats->n_bytes, ==, check.n_bytes);
  g_assert_cmpuint (stats->n_records, ==, check.n_samples + check.n_other);
  g_assert_cmpuint (stats->n_wrapped, ==, check.n_straddled);

  g_clear_pointer (&rb, cs_ring_buffer_free);
  close (fd);
}

static void
test_lost (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsRingBuffer) rb = NULL;
  Check check = { 0 };
  const CsRingBufferStats *stats;
  struct { guint64 value, lost; } counts = { 0 };
  int fd = open_cpu_clock (PERF_FORMAT_LOST);

  if (fd < 0 && errno == EINVAL)
    {
      /* PERF_FORMAT_LOST came with Linux 6.0: without it there is no
       * independent lost count to compare with. */
      g_test_skip ("the kernel has no PERF_FORMAT_LOST");
      return;
    }
  g_assert_cmpint (fd, >=, 0);
  rb = cs_ring_buffer_new (fd, 1, &error);
  g_assert_no_error (error);
  check.buffer_size = cs_ring_buffer_get_size (rb);

  ioctl (fd, PERF_EVENT_IOC_ENABLE, 0);
  /* 50 ms ≈ 500 samples ≈ 20 KiB into 4 KiB without reading: most are
   * lost. */
  burn (0.05);
  cs_ring_buffer_read (rb, check_records, &check);
  /* The kernel reports the losses with the next record it can write. */
  burn (0.002);
  ioctl (fd, PERF_EVENT_IOC_DISABLE, 0);
  cs_ring_buffer_read (rb, check_records, &check);

  g_assert_cmpint (read (fd, &counts, sizeof counts), ==, sizeof counts);
  stats = cs_ring_buffer_get_stats (rb);
  g_test_message ("kernel lost %" G_GUINT64_FORMAT ", LOST records %" G_GUINT64_FORMAT
                  " say %" G_GUINT64_FORMAT ", samples read %" G_GUINT64_FORMAT,
                  counts.lost, stats->n_lost_records, stats->n_lost, check.n_samples);

  g_assert_cmpuint (counts.lost, >, 0);
  g_assert_cmpuint (stats->n_lost_records, >=, 1);
  g_assert_cmpuint (check.n_other, ==, stats->n_lost_records);
  g_assert_cmpuint (stats->n_lost, ==, counts.lost);
  g_assert_cmpuint (stats->n_samples, ==, check.n_samples);

  g_clear_pointer (&rb, cs_ring_buffer_free);
  close (fd);
}

static void
test_bad_size (void)
{
  g_autoptr(GError) error = NULL;
  int fd = open_cpu_clock (0);
  CsRingBuffer *rb;

  g_assert_cmpint (fd, >=, 0);
  rb = cs_ring_buffer_new (fd, 3, &error);
  g_assert_null (rb);
  g_assert_nonnull (error);
  close (fd);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring-buffer/wrap-around", test_wrap_around);
  g_test_add_func ("/ring-buffer/lost", test_lost);
  g_test_add_func ("/ring-buffer/bad-size", test_bad_size);

  return g_test_run ();
}
