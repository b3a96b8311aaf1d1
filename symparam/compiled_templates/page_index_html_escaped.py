# page/index.html.j2 compiled by jinja2 3.1.6: written by tools/compile_templates.py, never edited
JINJA = '3.1.6'
SOURCE = '2240:5b4d4277'
RUNTIME = 'symparam.template_runtime'
from symparam.template_runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'page/index.html.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_lang = resolve('lang')
    l_0_policy = resolve('policy')
    l_0_version = resolve('version')
    l_0_title = resolve('title')
    l_0_style = resolve('style')
    l_0_t = resolve('t')
    l_0_languages = resolve('languages')
    l_0_groups = resolve('groups')
    l_0_script = resolve('script')
    pass
    yield '<!DOCTYPE html>\n<html lang="'
    yield escape((undefined(name='lang') if l_0_lang is missing else l_0_lang))
    yield '">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="'
    yield escape((undefined(name='policy') if l_0_policy is missing else l_0_policy))
    yield '">\n<meta name="referrer" content="no-referrer">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="generator" content="symparam '
    yield escape((undefined(name='version') if l_0_version is missing else l_0_version))
    yield '">\n<title>'
    yield escape((undefined(name='title') if l_0_title is missing else l_0_title))
    yield '</title>\n<style>'
    yield escape((undefined(name='style') if l_0_style is missing else l_0_style))
    yield '</style>\n</head>\n<body>\n<header>\n<nav class="languages needs-script" aria-label="'
    yield escape(context.call(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'plain'), (undefined(name='lang') if l_0_lang is missing else l_0_lang), 'page.language'))
    yield '">\n'
    for (l_1_code, l_1_name) in (undefined(name='languages') if l_0_languages is missing else l_0_languages):
        _loop_vars = {}
        pass
        yield '<button type="button" data-lang="'
        yield escape(l_1_code)
        yield '" lang="'
        yield escape(l_1_code)
        yield '" aria-pressed="'
        yield escape(('true' if (l_1_code == (undefined(name='lang') if l_0_lang is missing else l_0_lang)) else 'false'))
        yield '">'
        yield escape(l_1_name)
        yield '</button>\n'
    l_1_code = l_1_name = missing
    yield '</nav>\n<h1>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.site_title'))
    yield '</h1>\n<p class="lede">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.site_lede'))
    yield '</p>\n</header>\n<main>\n<p class="search needs-script"><label for="search">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.search'))
    yield '</label> <input type="search" id="search" data-search autocomplete="off" spellcheck="false"></p>\n<p data-none hidden>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.search_none'))
    yield '</p>\n<div class="scroll">\n<table class="models">\n<caption class="sr">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.site_title'))
    yield '</caption>\n<thead><tr><th scope="col">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.column_model'))
    yield '</th><th scope="col" class="n">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.total'))
    yield '</th><th scope="col" class="n">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.active'))
    yield '</th><th scope="col">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.column_class'))
    yield '</th><th scope="col">'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.column_description'))
    yield '</th></tr></thead>\n'
    for l_1_group in (undefined(name='groups') if l_0_groups is missing else l_0_groups):
        _loop_vars = {}
        pass
        yield '<tbody data-family>\n<tr class="family"><th colspan="5" scope="colgroup">'
        yield escape(environment.getattr(l_1_group, 'title'))
        yield '</th></tr>\n'
        for l_2_row in environment.getattr(l_1_group, 'rows'):
            l_2_code = resolve('code')
            _loop_vars = {}
            pass
            yield '<tr data-text="'
            yield escape(environment.getattr(l_2_row, 'search'))
            yield '"><td class="nowrap name"><a href="'
            yield escape(environment.getattr(l_2_row, 'href'))
            yield '" data-page="'
            yield escape(environment.getattr(l_2_row, 'href'))
            yield '">'
            yield escape(environment.getattr(l_2_row, 'name'))
            yield '</a></td><td class="n"><span class="label">'
            yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.total', _loop_vars=_loop_vars))
            yield '</span> '
            yield escape(environment.getattr(l_2_row, 'total'))
            yield '</td><td class="n">'
            if environment.getattr(l_2_row, 'active'):
                pass
                yield '<span class="label">'
                yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.active', _loop_vars=_loop_vars))
                yield '</span> '
                yield escape(environment.getattr(l_2_row, 'active'))
            yield '</td><td class="class">'
            yield escape(context.call((undefined(name='code') if l_2_code is missing else l_2_code), environment.getattr(l_2_row, 'architecture'), _loop_vars=_loop_vars))
            yield '</td><td class="description">'
            yield escape(environment.getattr(l_2_row, 'description'))
            yield '</td></tr>\n'
        l_2_row = l_2_code = missing
        yield '</tbody>\n'
    l_1_group = missing
    yield '</table>\n</div>\n</main>\n<footer>\n<p>'
    yield escape(context.call((undefined(name='t') if l_0_t is missing else l_0_t), 'page.footer'))
    yield ' <span class="version">symparam '
    yield escape((undefined(name='version') if l_0_version is missing else l_0_version))
    yield '</span></p>\n</footer>\n<script>'
    yield escape((undefined(name='script') if l_0_script is missing else l_0_script))
    yield '</script>\n</body>\n</html>\n'

blocks = {}
debug_info = '3=21&6=23&9=25&10=27&11=29&15=31&16=33&17=37&20=47&21=49&24=51&25=53&28=55&29=57&30=67&32=71&33=73&34=78&42=105&44=109'
