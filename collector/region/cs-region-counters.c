/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-region-counters.c — the recording's counter groups on one thread
 *
 * Each group is opened with pid 0 (the calling thread only, no inherit:
 * every thread that enters a region opens its own) and counts from the
 * moment it is opened; a region's counts are differences of snapshots.
 * One PERF_FORMAT_GROUP read gives a whole group with one time_enabled and
 * time_running, so the kernel's multiplexing (--mode multiplex, or a PMU
 * shared with the recorder's own counters) can be scaled per region.
 *
 * rdpmc: when the kernel lets user space read the counters (the mmap'ed
 * user page says cap_user_rdpmc and the event has a hardware index), a
 * snapshot is taken without a system call, as perf_event.h describes for
 * self-monitoring. Software events never have an index (the VMs this is
 * developed on have nothing else), so there the group read it is.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cs-region-lib-private.h"

#define READ_FORMAT (PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | \
                     PERF_FORMAT_TOTAL_TIME_RUNNING)

static void
fill_attr (struct perf_event_attr *attr,
           const _CsRegionEvent   *ev)
{
  memset (attr, 0, sizeof *attr);
  attr->size = sizeof *attr;
  attr->type = ev->type;
  attr->config = ev->config;
  attr->config1 = ev->config1;
  attr->config2 = ev->config2;
  attr->read_format = READ_FORMAT;
  attr->exclude_user = !!(ev->exclude & CS_REGION_EXCLUDE_USER);
  attr->exclude_kernel = !!(ev->exclude & CS_REGION_EXCLUDE_KERNEL);
  attr->exclude_hv = !!(ev->exclude & CS_REGION_EXCLUDE_HV);
  attr->exclude_idle = !!(ev->exclude & CS_REGION_EXCLUDE_IDLE);
  attr->exclude_host = !!(ev->exclude & CS_REGION_EXCLUDE_HOST);
  attr->exclude_guest = !!(ev->exclude & CS_REGION_EXCLUDE_GUEST);
}

static int
can_have_index (const _CsRegionEvent *ev)
{
  return ev->type != PERF_TYPE_SOFTWARE && ev->type != PERF_TYPE_TRACEPOINT &&
         ev->type != PERF_TYPE_BREAKPOINT;
}

#if defined(__x86_64__) || defined(__i386__)
static inline uint64_t
rdpmc (uint32_t counter)
{
  uint32_t low, high;

  __asm__ volatile ("rdpmc" : "=a" (low), "=d" (high) : "c" (counter));
  return low | ((uint64_t) high) << 32;
}

static inline uint64_t
rdtsc (void)
{
  uint32_t low, high;

  __asm__ volatile ("rdtsc" : "=a" (low), "=d" (high));
  return low | ((uint64_t) high) << 32;
}

/* perf_event.h's self-monitoring read: value, enabled and running without
 * a system call, retried while the kernel updates the page. */
static void
read_page (volatile struct perf_event_mmap_page *pc,
           uint64_t                             *value,
           uint64_t                             *enabled,
           uint64_t                             *running)
{
  uint32_t seq, idx, time_mult = 0, time_shift = 0;
  uint64_t count, en, run, cyc = 0, time_offset = 0;

  do
    {
      seq = pc->lock;
      __asm__ volatile ("" ::: "memory");
      en = pc->time_enabled;
      run = pc->time_running;
      if (pc->cap_user_time)
        {
          cyc = rdtsc ();
          time_offset = pc->time_offset;
          time_mult = pc->time_mult;
          time_shift = pc->time_shift;
        }
      idx = pc->index;
      count = pc->offset;
      if (pc->cap_user_rdpmc && idx != 0)
        {
          uint16_t width = pc->pmc_width;
          int64_t pmc = (int64_t) rdpmc (idx - 1);

          pmc <<= 64 - width;
          pmc >>= 64 - width;
          count += pmc;
        }
      __asm__ volatile ("" ::: "memory");
    }
  while (pc->lock != seq);

  if (pc->cap_user_time)
    {
      uint64_t quot = cyc >> time_shift;
      uint64_t rem = cyc & (((uint64_t) 1 << time_shift) - 1);
      uint64_t delta = time_offset + quot * time_mult + ((rem * time_mult) >> time_shift);

      en += delta;
      if (idx != 0)
        run += delta;
    }
  *value = count;
  *enabled = en;
  *running = run;
}
#endif

int
_cs_region_counters_open (_CsRegionCounters     *counters,
                          const _CsRegionConfig *config)
{
  long page = sysconf (_SC_PAGESIZE);
  int e = 0, all_index = 1;

  counters->fds = malloc (sizeof (int) * (size_t) config->n_events);
  counters->pages = calloc ((size_t) config->n_events, sizeof (void *));
  counters->rdpmc = 0;
  if (counters->fds == NULL || counters->pages == NULL)
    return ENOMEM;
  for (int i = 0; i < config->n_events; i++)
    counters->fds[i] = -1;

  for (int g = 0; g < config->n_groups; g++)
    {
      int leader = -1;

      for (int k = 0; k < config->group_size[g]; k++, e++)
        {
          struct perf_event_attr attr;
          int fd;

          fill_attr (&attr, &config->events[e]);
          fd = (int) syscall (SYS_perf_event_open, &attr, 0, -1, leader, PERF_FLAG_FD_CLOEXEC);
          if (fd < 0)
            return errno;
          counters->fds[e] = fd;
          if (leader < 0)
            leader = fd;
          all_index &= can_have_index (&config->events[e]);
        }
    }

#if defined(__x86_64__) || defined(__i386__)
  /* Only worth a page per event when every event may be readable. */
  if (all_index)
    {
      int usable = 1;

      for (int i = 0; i < config->n_events && usable; i++)
        {
          struct perf_event_mmap_page *pc;
          void *p = mmap (NULL, (size_t) page, PROT_READ, MAP_SHARED, counters->fds[i], 0);

          if (p == MAP_FAILED)
            {
              usable = 0;
              break;
            }
          counters->pages[i] = p;
          pc = p;
          usable = pc->cap_user_rdpmc && pc->index != 0;
        }
      counters->rdpmc = usable;
      if (!usable)
        for (int i = 0; i < config->n_events; i++)
          if (counters->pages[i] != NULL)
            {
              munmap (counters->pages[i], (size_t) page);
              counters->pages[i] = NULL;
            }
    }
#else
  (void) all_index;
  (void) page;
#endif
  return 0;
}

void
_cs_region_counters_read (const _CsRegionCounters *counters,
                          const _CsRegionConfig   *config,
                          int                      own_thread,
                          uint64_t                *snap)
{
  uint64_t buf[3 + CS_REGION_MAX_EVENTS];
  int e = 0, w = 0;

  for (int g = 0; g < config->n_groups; g++)
    {
      int n = config->group_size[g];
      ssize_t got;

#if defined(__x86_64__) || defined(__i386__)
      if (counters->rdpmc && own_thread)
        {
          for (int k = 0; k < n; k++)
            {
              uint64_t value, enabled, running;

              read_page (counters->pages[e + k], &value, &enabled, &running);
              if (k == 0)
                {
                  snap[w] = enabled;
                  snap[w + 1] = running;
                }
              snap[w + 2 + k] = value;
            }
          e += n;
          w += 2 + n;
          continue;
        }
#else
      (void) own_thread;
#endif
      /* { nr, time_enabled, time_running, value[nr] } */
      do
        got = read (counters->fds[e], buf, sizeof (uint64_t) * (size_t) (3 + n));
      while (got < 0 && errno == EINTR);
      if (got == (ssize_t) (sizeof (uint64_t) * (size_t) (3 + n)) && buf[0] == (uint64_t) n)
        memcpy (snap + w, buf + 1, sizeof (uint64_t) * (size_t) (2 + n));
      e += n;
      w += 2 + n;
    }
}

void
_cs_region_counters_close (_CsRegionCounters     *counters,
                           const _CsRegionConfig *config)
{
  long page = sysconf (_SC_PAGESIZE);

  for (int i = 0; counters->fds != NULL && i < config->n_events; i++)
    {
      if (counters->pages != NULL && counters->pages[i] != NULL)
        munmap (counters->pages[i], (size_t) page);
      if (counters->fds[i] >= 0)
        close (counters->fds[i]);
    }
  free (counters->fds);
  free (counters->pages);
  counters->fds = NULL;
  counters->pages = NULL;
  counters->rdpmc = 0;
}
