/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-demo.c — demo workloads whose cycles go to different places
 *
 *   cs-demo MODE [SECONDS]
 *
 *   cpu            arithmetic only (libcsdemo.so)
 *   memory         pointer chase over a large shuffled list: cache misses
 *   branch         unpredictable branches (libcsdemo.so)
 *   false-sharing  two threads increment adjacent counters in one cacheline
 *   padded         the same counters 64 bytes apart: the fix
 *   all            each of the above for a fifth of the time (default 1 s)
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs-demo-lib.h"

#define CACHELINE 64

typedef struct Node Node;
struct Node
{
  Node *next;
  char  pad[CACHELINE - sizeof (Node *)];
};

/* Sattolo's shuffle makes one cycle through every node, so the chase visits
 * the whole 32 MiB list in random order and misses every cache level. */
static Node *
build_list (size_t n)
{
  Node *nodes = aligned_alloc (CACHELINE, n * sizeof (Node));
  size_t *order = malloc (n * sizeof (size_t));
  unsigned int seed = 4242;

  for (size_t i = 0; i < n; i++)
    order[i] = i;
  for (size_t i = n - 1; i > 0; i--)
    {
      size_t j = (((size_t) rand_r (&seed) << 16) ^ (size_t) rand_r (&seed)) % i;
      size_t t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  for (size_t i = 0; i < n; i++)
    nodes[order[i]].next = &nodes[order[(i + 1) % n]];
  free (order);
  return nodes;
}

__attribute__((noinline)) static Node *
chase (Node  *p,
       size_t steps)
{
  while (steps--)
    p = p->next;
  return p;
}

static uint64_t
memory_kernel (double seconds)
{
  size_t n = (32u << 20) / sizeof (Node);
  Node *nodes = build_list (n);
  double end = csdemo_now () + seconds;
  Node *p = nodes;
  uint64_t steps = 0;

  while (csdemo_now () < end)
    {
      p = chase (p, 100000);
      steps += 100000;
    }
  free (nodes);
  return steps + (p != NULL);
}

typedef struct
{
  volatile uint64_t a;
  volatile uint64_t b;        /* same cacheline as a */
} __attribute__((aligned (CACHELINE))) SharedCounters;

typedef struct
{
  volatile uint64_t a;
  char              pad[CACHELINE - sizeof (uint64_t)];
  volatile uint64_t b;        /* next cacheline */
} __attribute__((aligned (CACHELINE))) PaddedCounters;

static SharedCounters shared_counters;
static PaddedCounters padded_counters;
static volatile int stop_threads;

__attribute__((noinline)) static void
increment_loop (volatile uint64_t *counter)
{
  while (!stop_threads)
    for (int i = 0; i < 100000; i++)
      (*counter)++;
}

static void *
increment_thread (void *data)
{
  increment_loop (data);
  return NULL;
}

static uint64_t
counter_pair (volatile uint64_t *a,
              volatile uint64_t *b,
              double             seconds)
{
  pthread_t ta, tb;
  double end = csdemo_now () + seconds;
  struct timespec tick = { 0, 5 * 1000 * 1000 };

  stop_threads = 0;
  pthread_create (&ta, NULL, increment_thread, (void *) a);
  pthread_create (&tb, NULL, increment_thread, (void *) b);
  while (csdemo_now () < end)
    nanosleep (&tick, NULL);
  stop_threads = 1;
  pthread_join (ta, NULL);
  pthread_join (tb, NULL);
  return *a + *b;
}

static int
run_mode (const char *mode,
          double      seconds)
{
  uint64_t r;

  if (strcmp (mode, "cpu") == 0)
    r = csdemo_cpu_kernel (seconds);
  else if (strcmp (mode, "memory") == 0)
    r = memory_kernel (seconds);
  else if (strcmp (mode, "branch") == 0)
    r = csdemo_branch_kernel (seconds);
  else if (strcmp (mode, "false-sharing") == 0)
    r = counter_pair (&shared_counters.a, &shared_counters.b, seconds);
  else if (strcmp (mode, "padded") == 0)
    r = counter_pair (&padded_counters.a, &padded_counters.b, seconds);
  else if (strcmp (mode, "all") == 0)
    {
      static const char *parts[] = { "cpu", "memory", "branch", "false-sharing", "padded" };
      for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        run_mode (parts[i], seconds / 5);
      return 0;
    }
  else
    {
      fprintf (stderr, "cs-demo: unknown mode “%s”: use cpu, memory, branch, "
               "false-sharing, padded or all\n", mode);
      return 2;
    }
  printf ("%-14s %6.2f s  result %llu\n", mode, seconds, (unsigned long long) r);
  return 0;
}

int
main (int    argc,
      char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "all";
  double seconds = argc > 2 ? atof (argv[2]) : 1.0;

  if (argc > 1 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      printf ("usage: cs-demo [cpu|memory|branch|false-sharing|padded|all] [SECONDS]\n");
      return 0;
    }
  if (seconds <= 0)
    {
      fprintf (stderr, "cs-demo: SECONDS must be positive\n");
      return 2;
    }
  return run_mode (mode, seconds);
}
